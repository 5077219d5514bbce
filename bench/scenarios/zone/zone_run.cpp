#include "bench/scenarios/zone/zone_run.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <optional>
#include <thread>

#include "bench/scenarios/shared/timed_actor_run.hpp"
#include "bench/scenarios/zone/zone_inputs.hpp"

namespace actorbench::actors {

namespace {

using clock = zone::clock;

double seconds(clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

// User and system CPU seconds of every thread of the process so far.
double process_cpu_s() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  auto s = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
  return s(ru.ru_utime) + s(ru.ru_stime);
}

} // namespace

std::string zone_sample::problem() const {
  const auto& m = metrics;
  auto n = [](auto v) { return std::to_string(v); };
  if (m.pool.failures() > 0 || m.dropped_inputs > 0)
    return n(m.pool.failures()) + " input packets failed to decrypt";
  if (m.bad_inputs > 0)
    return n(m.bad_inputs) + " inputs refused by the zone";
  if (m.state_mismatches > 0)
    return n(m.state_mismatches) + " state updates did not show the player where it moved";
  // Every tick run and the warm-up.
  auto ticks = ticks_run() + 1;
  if (m.stale_updates > 0)
    return n(m.stale_updates) + " state updates repeated or out of order";
  if (m.ticks_completed != ticks)
    return n(m.ticks_completed) + " ticks completed of " + n(ticks) + " (the warm-up included)";
  if (m.inputs != ticks * players)
    return n(m.inputs) + " inputs accepted of " + n(ticks * players);
  return {};
}

std::size_t zone_bytes_per_player(const crypto::cipher_info& cipher, std::size_t ticks,
                                  std::size_t payload_bytes) noexcept {
  // Measured about 2.3 KB per player at 10,000 and 100,000 players beside the
  // packets (actor, context, handler, messages in flight); doubled for margin.
  constexpr std::size_t fixed = 4096;
  // A tick's plaintexts in flight (decrypted, on their way to the zone) too.
  return fixed + payload_bytes + (ticks + 1) * zone_inputs::packet_size(cipher, payload_bytes);
}

std::size_t zone_ticks(std::chrono::milliseconds duration, std::size_t tick_hz) noexcept {
  auto ticks = static_cast<std::size_t>(duration.count()) * tick_hz / 1000;
  return std::max<std::size_t>(ticks, 1);
}

namespace {

// One tick as a timed actor run: the players' packets go out, and every
// player must have handled the state update within the tick timeout.
std::optional<error> run_tick(zone& z, const zone_inputs& in, std::uint32_t tick,
                              const zone_run_params& params) {
  timed_actor_steps steps;
  steps.start = [&z, &in, tick] {
    z.start_tick(tick, [&in, tick](std::uint32_t id) {
      auto p = in.packet(tick, id);
      return crypto::bytes(p.data, p.data + p.size);
    });
  };
  steps.limit = params.tick_timeout;
  steps.wait_done = [&z](clock::time_point until) { return z.wait_tick(until - clock::now()); };
  steps.missing = [&z, &params, tick] {
    return "tick " + std::to_string(tick) + " not complete after "
           + std::to_string(params.tick_timeout.count())
           + " ms: " + std::to_string(z.receipts_outstanding()) + " of "
           + std::to_string(params.players) + " players without its state update, "
           + std::to_string(z.metrics().pool.in_flight) + " input packets not yet decrypted";
  };
  return run_timed(steps).failure;
}

// Runs the scheduled slots into `out` as described at zone_sample.
std::optional<error> run_slots(zone& z, const zone_inputs& in, const zone_run_params& params,
                               zone_sample& out) {
  // Slot k starts at t0 + k/H, computed from k each time so it cannot drift.
  const auto hz = static_cast<std::int64_t>(params.tick_hz);
  auto t0 = clock::now();
  auto slot_start = [&](std::size_t k) {
    return t0 + std::chrono::nanoseconds{static_cast<std::int64_t>(k) * 1'000'000'000 / hz};
  };
  auto slot_of = [&](clock::time_point t) {
    auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(t - t0).count();
    return static_cast<std::size_t>(ns * hz / 1'000'000'000);
  };
  const double cpu_start = process_cpu_s();
  std::size_t k = 0;
  while (k < out.ticks_scheduled) {
    std::this_thread::sleep_until(slot_start(k));
    auto start = clock::now();
    if (auto err = run_tick(z, in, static_cast<std::uint32_t>(k + 1), params))
      return err;
    auto done = z.tick_done_at();
    out.slot.push_back(static_cast<std::uint32_t>(k));
    out.start_lag_s.push_back(seconds(start - slot_start(k)));
    out.fan_in_s.push_back(seconds(z.fan_in_at() - start));
    out.latency_s.push_back(seconds(done - start));
    if (done > slot_start(k + 1))
      ++out.late;
    // The next tick is the next slot, or the slot this one ran into when it
    // overran that one too; the slots in between are skipped.
    auto next = std::max(k + 1, std::min(slot_of(done), out.ticks_scheduled));
    out.skipped += next - (k + 1);
    k = next;
    if (params.on_tick)
      params.on_tick(k);
    if (out.missed() > params.stop_after_missed
        || (params.stop != nullptr && params.stop->load())) {
      out.stopped_early = k < out.ticks_scheduled;
      break;
    }
  }
  out.tick_cpu_s = process_cpu_s() - cpu_start;
  out.tick_wall_s = seconds(clock::now() - t0);
  return std::nullopt;
}

} // namespace

result<zone_sample> run_zone(caf::actor_system& system, const zone_run_params& params) {
  if (params.tick_hz == 0 || params.tick_hz > 1'000'000)
    return error{errc::bad_parameter,
                 "tick rate " + std::to_string(params.tick_hz) + " Hz outside 1..1000000"};
  if (params.backend == nullptr || params.cipher == nullptr)
    return error{errc::bad_parameter, "a zone needs a back-end and a cipher"};
  zone_sample out;
  out.players = params.players;
  out.tick_hz = params.tick_hz;
  out.ticks_scheduled = zone_ticks(params.duration, params.tick_hz);

  auto setup_start = clock::now();
  // Fixed demo keys: every session's key derives from this master key.
  auto z =
    zone::create(system, {params.players, params.backend, params.cipher,
                          crypto::bytes(params.cipher->key_size, 0x2a), params.payload_bytes});
  if (!z)
    return z.err();
  // Tick 0 is the warm-up; slot k runs tick k + 1.
  auto inputs = zone_inputs::make(**z, out.ticks_scheduled + 1);
  if (!inputs)
    return inputs.err();
  // The warm-up runs every session once: CAF sets a lazily spawned actor up
  // at its first message, which a running server has long done.
  if (auto err = run_tick(**z, *inputs, 0, params))
    return *err;
  out.setup_s = seconds(clock::now() - setup_start);
  if (auto err = run_slots(**z, *inputs, params, out))
    return *err;
  out.metrics = (*z)->metrics();
  return out;
}

} // namespace actorbench::actors
