#include "bench/scenarios/zone/zone_session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/zone/zone_protocol.hpp"
#include "bench/scenarios/zone/zone_run.hpp"
#include "bench/harness/thread_waits.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

std::chrono::milliseconds millis(double seconds) {
  return std::chrono::milliseconds{std::llround(seconds * 1000)};
}

actors::zone_run_params params_of(const configuration& c, const cipher_choice& cipher) {
  actors::zone_run_params p;
  p.players = static_cast<std::size_t>(c.integer("players"));
  p.tick_hz = static_cast<std::size_t>(c.integer("tick-hz"));
  p.duration = millis(c.seconds("duration"));
  p.tick_timeout = millis(c.seconds("timeout"));
  p.backend = cipher.first;
  p.cipher = cipher.second;
  p.payload_bytes = zone_payload_bytes(c);
  return p;
}

double as_double(std::uint64_t v) {
  return static_cast<double>(v);
}

// The sample as plain data: events as metrics, the zone's counters as checks.
run_record record_of(actors::zone_sample& s, std::size_t threads) {
  run_record r;
  const auto& m = s.metrics;
  r.samples["latency_s"] = std::move(s.latency_s);
  r.samples["fan_in_s"] = std::move(s.fan_in_s);
  r.samples["start_lag_s"] = std::move(s.start_lag_s);
  r.add("missed", as_double(s.missed()));
  r.add("cores_used", s.tick_wall_s > 0 ? s.tick_cpu_s / s.tick_wall_s : 0);
  auto ticks = r.samples["latency_s"].size() + 1; // and the warm-up
  r.checks["dropped_inputs"] = std::max<std::uint64_t>(m.pool.failures(), m.dropped_inputs);
  r.checks["refused_inputs"] = m.bad_inputs;
  r.checks["stale_updates"] = m.stale_updates;
  r.checks["state_mismatches"] = m.state_mismatches;
  r.checks["missing_updates"] = ticks > m.ticks_completed ? ticks - m.ticks_completed : 0;
  r.facts["slot"] = std::vector<double>(s.slot.begin(), s.slot.end());
  r.facts["setup_s"] = s.setup_s;
  r.facts["ticks_scheduled"] = as_double(s.ticks_scheduled);
  r.facts["late"] = as_double(s.late);
  r.facts["skipped"] = as_double(s.skipped);
  r.facts["ticks_completed"] = as_double(m.ticks_completed);
  r.facts["decrypted"] = as_double(m.pool.decrypted);
  r.facts["tick_cpu_s"] = s.tick_cpu_s;
  r.facts["tick_wall_s"] = s.tick_wall_s;
  r.facts["threads"] = as_double(threads);
  return r;
}

} // namespace

std::size_t zone_allowed_missed(std::size_t ticks_scheduled) noexcept {
  return ticks_scheduled / 100;
}

std::size_t zone_ticks_of(const configuration& c) {
  return actors::zone_ticks(millis(c.seconds("duration")),
                            static_cast<std::size_t>(c.integer("tick-hz")));
}

std::size_t zone_payload_bytes(const configuration& c) {
  auto at = c.values.find(std::string_view{"payload-bytes"});
  const auto* n = at == c.values.end() ? nullptr : std::get_if<std::int64_t>(&at->second);
  return n == nullptr ? actors::player_input_size : static_cast<std::size_t>(*n);
}

std::string zone_cipher_key(const configuration& c) {
  if (c.word("crypto") == "off")
    return "none";
  auto backend = c.values.find("backend");
  return (backend == c.values.end() ? std::string{} : to_text(backend->second) + "/")
         + c.word("cipher");
}

result<run_record> zone_session::run(run_context& ctx) {
  const auto& c = ctx.config();
  auto found = ciphers_.find(zone_cipher_key(c));
  if (found == ciphers_.end())
    return runtime_failure("zone: no cipher resolved for '" + zone_cipher_key(c) + "'");
  auto params = params_of(c, found->second);
  const auto ticks = actors::zone_ticks(params.duration, params.tick_hz);
  // A probe that has missed too many ticks already fails; it need not go on.
  if (ctx.probing())
    params.stop_after_missed = zone_allowed_missed(ticks);
  params.stop = &ctx.stop();
  // A tenth at a time: the callback runs between ticks, the next slot waiting.
  std::size_t reported = 0;
  // The threads' run-queue wait from the first tick on: setup (packets,
  // sessions) is not the ticks'.
  std::map<long, thread_times> at_first_tick;
  params.on_tick = [&ctx, &reported, &at_first_tick, ticks](std::size_t done) {
    if (done == 1)
      at_first_tick = read_thread_times();
    if (done * 10 / ticks > reported) {
      reported = done * 10 / ticks;
      ctx.progress(static_cast<double>(done) / static_cast<double>(ticks));
    }
  };
  actors::runtime rt{{static_cast<std::size_t>(c.integer("threads")), "stealing", {}, true}};
  auto sample = actors::run_zone(rt.system(), params);
  if (!sample)
    return by_code(sample.err(), "zone of " + std::to_string(params.players) + " players at "
                                   + std::to_string(params.tick_hz) + " Hz");
  auto problem = sample->problem();
  bool stopped_early = sample->stopped_early;
  auto waits = run_queue_wait_share(at_first_tick, read_thread_times());
  auto r = record_of(*sample, rt.threads());
  r.facts["problem"] = problem;
  if (!at_first_tick.empty())
    r.facts[run_queue_wait_fact] = waits;
  r.partial = stopped_early && ctx.stop().load();
  return r;
}

by_name<fact> zone_session::facts(const configuration& c) const {
  auto found = ciphers_.find(zone_cipher_key(c));
  if (found == ciphers_.end())
    return {};
  return {{"backend", std::string{found->second.first->name()}},
          {"cipher", found->second.second->name}};
}

double zone_session::cost_hint(const configuration& c) const {
  return c.seconds("duration");
}

bool zone_session::keeps_up(const configuration& c, const run_record& r) const {
  auto lat = r.samples.find("latency_s");
  auto missed = r.samples.find("missed");
  if (r.partial || lat == r.samples.end() || lat->second.empty() || missed == r.samples.end()
      || missed->second.empty())
    return false;
  const auto ticks = zone_ticks_of(c);
  auto skipped = r.facts.find("skipped");
  auto skipped_n = skipped == r.facts.end() ? 0.0 : std::get<double>(skipped->second);
  // Stopped before its last slot: run and skipped slots do not cover them all.
  if (static_cast<double>(lat->second.size()) + skipped_n < static_cast<double>(ticks))
    return false;
  double budget = 1.0 / static_cast<double>(c.integer("tick-hz"));
  return percentile(lat->second, 99) < budget
         && missed->second.front() <= static_cast<double>(zone_allowed_missed(ticks));
}

std::string zone_session::keeps_up_criterion(const configuration& c) const {
  auto hz = c.integer("tick-hz");
  return "at " + std::to_string(hz) + " Hz with p99 under "
         + format_in(1.0 / static_cast<double>(hz), display_unit{"ms", 1e-3})
         + " ms and at most 1% of ticks missed";
}

} // namespace actorbench::bench
