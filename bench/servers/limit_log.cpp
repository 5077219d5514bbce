#include "bench/servers/limit_log.hpp"

#include "actors/remote/basp_payload_limit.hpp"

namespace actorbench::bench {

limit_log::limit_log(std::string prefix, std::ostream& out)
  : prefix_(prefix), out_(out), dropped_(std::move(prefix), [](std::size_t n) {
      return "dropped " + std::to_string(n) + " more connection" + (n == 1 ? "" : "s")
             + " for oversized BASP messages";
    }) {}

void limit_log::poll() {
  for (const auto& line : descriptors_.changes())
    out_ << prefix_ << line << std::endl;
  for (const auto& line : dropped_.advance(bounded_log::clock::now()))
    out_ << line << std::endl;
  auto refused = actors::basp_payload_limit::take();
  for (const auto& r : refused.first) {
    auto why = r.peer + ": " + to_string(r) + " (--max-payload)";
    if (auto line = dropped_.add("dropped the connection of " + why, why))
      out_ << *line << std::endl;
  }
  // Beyond the few the library keeps, only their number is known.
  dropped_.count(refused.count - refused.first.size());
}

void limit_log::finish() {
  poll();
  for (const auto& line : dropped_.finish())
    out_ << line << std::endl;
}

} // namespace actorbench::bench
