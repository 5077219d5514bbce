#pragma once

#include <optional>
#include <string_view>

namespace actorbench::actors {

/// Who spawns the sender actors of a fan-out.
enum class spawn_strategy {
  /// The calling thread spawns every sender, the obvious way. CAF hands each
  /// one round-robin to a worker from outside the scheduler.
  main,
  /// Spawner actors on the scheduler's workers spawn the senders in chunks;
  /// the caller only starts them and waits.
  chain,
};

/// "main" or "chain".
std::string_view to_string(spawn_strategy s);

/// The strategy named `name`, if any.
std::optional<spawn_strategy> parse_spawn_strategy(std::string_view name);

} // namespace actorbench::actors
