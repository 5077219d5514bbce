#include "bench/servers/refusal_log.hpp"

#include <utility>

namespace actorbench::bench {

refusal_log::refusal_log(std::string prefix, std::size_t full_lines, clock::duration interval)
  : log_(
    std::move(prefix),
    [](std::size_t n) {
      return "refused " + std::to_string(n) + " more TLS client" + (n == 1 ? "" : "s");
    },
    full_lines, interval) {}

std::vector<std::string> refusal_log::add(const actors::tls_monitor::refusals& refused,
                                          clock::time_point now) {
  auto lines = log_.advance(now);
  for (const auto& r : refused.kept)
    if (auto line =
          log_.add("refused TLS client " + r.peer + ": " + r.reason, r.peer + ": " + r.reason))
      lines.push_back(std::move(*line));
  // Refusals the monitor only counted have no peer or reason to show.
  log_.count(refused.not_kept);
  return lines;
}

} // namespace actorbench::bench
