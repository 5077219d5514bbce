#include "bench/scenarios/shared/live_counter.hpp"

namespace actorbench::actors {

namespace {

// Each counter gets its own id, so a thread's cached slot is never one of an
// earlier counter that happened to live at the same address.
std::atomic<std::uint64_t> next_counter_id{1};

struct cached_slot {
  std::uint64_t counter_id = 0;
  void* slot = nullptr;
};

} // namespace

live_counter::live_counter() noexcept : id_(next_counter_id.fetch_add(1)) {}

live_counter::slot& live_counter::mine() noexcept {
  thread_local cached_slot cache;
  if (cache.counter_id != id_) {
    cache.slot = &slots_[next_slot_.fetch_add(1, std::memory_order_relaxed) % slots];
    cache.counter_id = id_;
  }
  return *static_cast<slot*>(cache.slot);
}

std::uint64_t live_counter::spawned_total() const noexcept {
  std::uint64_t n = 0;
  for (const auto& s : slots_)
    n += s.spawned.load(std::memory_order_acquire);
  return n;
}

std::uint64_t live_counter::finished_total() const noexcept {
  std::uint64_t n = 0;
  for (const auto& s : slots_)
    n += s.finished.load(std::memory_order_acquire);
  return n;
}

std::uint64_t live_counter::live() const noexcept {
  // Finished first: every actor counted finished was spawned before, so the
  // spawned total read afterwards is at least as large.
  auto finished = finished_total();
  auto spawned = spawned_total();
  return spawned - finished;
}

} // namespace actorbench::actors
