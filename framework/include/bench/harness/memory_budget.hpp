#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "bench/error.hpp"

namespace actorbench::bench {

/// How much memory a command may plan for: the kernel's available memory,
/// lowered by --max-memory when that is given.
struct memory_budget {
  /// Empty when neither is known (no /proc and no cap): nothing is refused.
  std::optional<std::uint64_t> bytes;
  /// The cap came from --max-memory, not from the machine.
  bool capped = false;
};

/// Parses --max-memory: bytes, or a number with K, M, G or T (powers of 1024),
/// e.g. 512M, 1.5G. Empty text means no cap.
result<memory_budget> parse_memory_budget(const std::string& text);

/// The machine's available memory, lowered to `cap_bytes` when that is
/// given and smaller (then `capped`).
memory_budget machine_budget(std::optional<std::uint64_t> cap_bytes);

/// Refuses, before any work, `count` items (actors, keys, players) at about
/// `bytes_per_item` each when they do not fit `budget`. The error names the
/// option with its value, the estimate and the budget: with `items` "actors"
/// and `per` "actor", "invalid --procs '99999999': 99999999 actors need about
/// 190.7 GiB (2048 bytes per actor) but only 21.5 GiB is available".
result<void> check_memory_estimate(const memory_budget& budget, const std::string& option,
                                   const std::string& value, std::uint64_t count,
                                   const std::string& items, const std::string& per,
                                   std::uint64_t bytes_per_item);

/// "1.5 GiB", "12.0 MiB", "300 bytes".
std::string human_bytes(std::uint64_t bytes);

} // namespace actorbench::bench
