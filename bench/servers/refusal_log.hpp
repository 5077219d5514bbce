#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "actors/remote/tls_monitor.hpp"
#include "bench/servers/bounded_log.hpp"

namespace actorbench::bench {

/// The lines a TLS server (`serve`, `node`) prints about the clients it
/// refused, bounded as bounded_log says: "refused TLS client PEER: REASON"
/// up to `full_lines` per `interval`, then one line counting the rest.
class refusal_log {
 public:
  using clock = bounded_log::clock;

  /// Lines start with `prefix`, e.g. "actorbench serve: ".
  explicit refusal_log(std::string prefix, std::size_t full_lines = 5,
                       clock::duration interval = std::chrono::seconds{10});

  /// The lines to print for `refused`, taken at `now`; also the count of an
  /// interval that is over, even when `refused` is empty (so call this
  /// regularly).
  std::vector<std::string> add(const actors::tls_monitor::refusals& refused, clock::time_point now);

  /// The count of the current interval still unprinted, if any (at the end).
  std::vector<std::string> finish() { return log_.finish(); }

  /// Every refusal added so far, printed in full or counted.
  std::size_t total() const noexcept { return log_.total(); }

 private:
  bounded_log log_;
};

} // namespace actorbench::bench
