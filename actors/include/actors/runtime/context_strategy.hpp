#pragma once

#include <optional>
#include <string_view>

namespace actorbench::actors {

/// Where a sender's cipher context comes from (the Cassandra experiment).
enum class context_strategy {
  /// Created, keyed through the library's implicit lookup and freed for every
  /// decrypt: the naive pattern.
  per_message,
  /// Each sender clones its own keyed context (key schedule kept).
  per_actor,
  /// Each scheduler thread caches one context and reuses it for every sender
  /// it runs, after checking back-end, cipher and key: the fan-out's default.
  per_thread,
};

/// "per-message", "per-actor" or "per-thread".
std::string_view to_string(context_strategy s);

/// The strategy named `name`, if any.
std::optional<context_strategy> parse_context_strategy(std::string_view name);

} // namespace actorbench::actors
