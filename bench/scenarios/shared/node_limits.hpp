#pragma once

#include <cstdint>
#include <optional>

namespace actorbench::actors {

/// What a worker node accepts from a driver; a request beyond these is
/// refused with the reason, sent to the driver's collector.
struct node_limits {
  /// Senders in one share: the driver's own cap on --procs.
  std::uint64_t max_senders = 100'000'000;
  /// Memory the shares running at once may need, estimated as the driver
  /// does (fanout_bytes_per_proc); unset: not checked.
  std::optional<std::uint64_t> memory_bytes;
};

} // namespace actorbench::actors
