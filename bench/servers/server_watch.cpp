#include "bench/servers/server_watch.hpp"

#include <ostream>
#include <thread>

#include "actors/remote/tls_monitor.hpp"
#include "bench/harness/interrupt.hpp"
#include "bench/servers/limit_log.hpp"
#include "bench/servers/refusal_log.hpp"

namespace actorbench::bench {

namespace {

// What `log` makes of the TLS clients refused since the last call;
// `at_end`: also the count not printed yet.
void print_refusals(refusal_log& log, std::ostream& err, bool at_end) {
  auto lines = log.add(actors::tls_monitor::take_refusals(true), refusal_log::clock::now());
  if (at_end)
    for (auto& line : log.finish())
      lines.push_back(std::move(line));
  for (const auto& line : lines)
    err << line << std::endl;
}

bool over(const server_watch& w, std::chrono::steady_clock::time_point start) {
  return w.duration.count() > 0 && std::chrono::steady_clock::now() - start >= w.duration;
}

} // namespace

std::size_t watch_until_stopped(const server_watch& w) {
  // --quiet: the logs still count (the stop line says how many were
  // refused), into a stream without a buffer that prints nothing.
  std::ostream silent{nullptr};
  auto& err = w.quiet ? silent : *w.err;
  refusal_log refusals{w.prefix};
  limit_log limits{w.prefix, err};
  auto start = std::chrono::steady_clock::now();
  while (!interrupt_flag().load() && !over(w, start)) {
    std::this_thread::sleep_for(w.poll);
    actors::tls_monitor::close_overdue_handshakes();
    print_refusals(refusals, err, false);
    limits.poll();
  }
  print_refusals(refusals, err, true);
  limits.finish();
  return refusals.total();
}

} // namespace actorbench::bench
