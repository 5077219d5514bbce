#include "bench/limit_log.hpp"

#include "actors/remote/basp_payload_limit.hpp"

namespace actorbench::bench {

namespace {

// A flood of refused connections yields at most this many lines a second,
// and one more that counts the rest.
constexpr std::size_t lines_per_second = 3;

} // namespace

void limit_log::poll() {
  for (const auto& line : descriptors_.changes())
    out_ << prefix_ << line << std::endl;
  auto now = std::chrono::steady_clock::now();
  if (now - last_refusals_ < std::chrono::seconds{1})
    return;
  auto refused = actors::basp_payload_limit::take();
  if (refused.count == 0)
    return;
  last_refusals_ = now;
  std::size_t shown = 0;
  for (const auto& r : refused.first) {
    if (shown++ == lines_per_second)
      break;
    out_ << prefix_ << "dropped the connection of " << r.peer << ": " << to_string(r)
         << " (--max-payload)" << std::endl;
  }
  if (refused.count > lines_per_second)
    out_ << prefix_ << "dropped " << refused.count - lines_per_second
         << " more connections for oversized BASP messages in the last second" << std::endl;
}

} // namespace actorbench::bench
