#include "actors/zone_player.hpp"

#include <vector>

#include "actors/zone_protocol.hpp"

namespace actorbench::actors {

caf::message_handler zone_player(std::shared_ptr<zone_counters> counters, std::uint32_t id) {
  return {[counters, id](zone_state_atom, std::uint32_t tick, const std::vector<position>& state) {
    if (id >= state.size() || state[id] != scripted_position(id, tick))
      counters->state_mismatches.fetch_add(1, std::memory_order_relaxed);
    counters->received[id].fetch_add(1, std::memory_order_relaxed);
    // Last, so whoever sees the tick complete sees the counts above.
    counters->receipts.count_down();
  }};
}

} // namespace actorbench::actors
