#include "bench/scenarios/zone/zone_player.hpp"

#include <vector>

#include "bench/scenarios/zone/zone_protocol.hpp"

namespace actorbench::actors {

caf::message_handler zone_player(std::shared_ptr<zone_counters> counters, std::uint32_t id) {
  // The player's own count stays in its behaviour: a shared array of counts
  // would bounce cache lines between the workers at every update.
  return {[counters, id, last = std::int64_t{-1}](zone_state_atom, std::uint32_t tick,
                                                  const std::vector<position>& state) mutable {
    if (id >= state.size() || state[id] != scripted_position(id, tick))
      counters->state_mismatches.fetch_add(1, std::memory_order_relaxed);
    if (tick <= last)
      counters->stale_updates.fetch_add(1, std::memory_order_relaxed);
    last = tick;
    // Last, so whoever sees the tick complete sees the counts above.
    counters->receipts.count_down();
  }};
}

} // namespace actorbench::actors
