#include "bench/zone_benchmark.hpp"

#include <algorithm>
#include <cmath>

#include "actors/runtime/runtime.hpp"
#include "bench/harness/machine_info.hpp"
#include "bench/harness/process_memory.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

std::size_t allowed_missed(std::size_t ticks_scheduled) noexcept {
  return ticks_scheduled / 100;
}

bool keeps_up(const zone_result& r) noexcept {
  const auto& s = r.sample;
  return !s.stopped_early && s.ticks_run() > 0 && r.p99_s < r.budget_s
         && s.missed() <= allowed_missed(s.ticks_scheduled);
}

result<zone_result> run_zone_benchmark(const zone_settings& settings, const std::atomic<bool>* stop,
                                       std::size_t stop_after_missed) {
  actors::runtime rt{{settings.threads, "stealing", {}, true}};
  actors::zone_run_params params;
  params.players = settings.players;
  params.tick_hz = settings.tick_hz;
  params.duration = settings.duration;
  params.backend = settings.backend;
  params.cipher = settings.cipher;
  params.tick_timeout = settings.tick_timeout;
  params.stop_after_missed = stop_after_missed;
  params.stop = stop;
  reset_peak_rss();
  double load_before = load_average_1m();
  auto sample = actors::run_zone(rt.system(), params);
  if (!sample) {
    auto code =
      sample.err().code == actors::errc::bad_parameter ? errc::bad_input : errc::runtime_failure;
    return error{code, "zone of " + std::to_string(settings.players) + " players at "
                         + std::to_string(settings.tick_hz) + " Hz: " + sample.err().detail};
  }
  zone_result r;
  r.peak_rss_bytes = peak_rss_bytes();
  r.load_before = load_before;
  r.load_after = load_average_1m();
  r.threads = rt.threads();
  r.budget_s = 1.0 / static_cast<double>(settings.tick_hz);
  const auto& lat = sample->latency_s;
  r.p50_s = percentile(lat, 50);
  r.p99_s = percentile(lat, 99);
  r.p999_s = percentile(lat, 99.9);
  r.max_s = percentile(lat, 100);
  r.fan_in_p50_s = percentile(sample->fan_in_s, 50);
  r.fan_in_p99_s = percentile(sample->fan_in_s, 99);
  r.max_start_lag_s = percentile(sample->start_lag_s, 100);
  r.sample = std::move(*sample);
  return r;
}

result<zone_search> find_max_players(const zone_settings& settings, std::size_t max_players,
                                     const std::function<void(const zone_result&)>& on_probe,
                                     const std::atomic<bool>* stop) {
  zone_search out;
  auto probe_settings = settings;
  auto allowed = allowed_missed(actors::zone_ticks(settings.duration, settings.tick_hz));
  std::size_t n = std::min(std::max<std::size_t>(settings.players, 1), max_players);
  while (true) {
    probe_settings.players = n;
    // A count fails only when a second probe fails too: on a shared machine
    // one descheduling of the process can miss two ticks of an idle zone.
    bool ok = false;
    for (int attempt = 0; attempt < 2 && !ok && !out.stopped; ++attempt) {
      auto r = run_zone_benchmark(probe_settings, stop, allowed);
      if (!r)
        return r.err();
      out.stopped = stop != nullptr && stop->load();
      ok = keeps_up(*r);
      out.probes.push_back(std::move(*r));
      on_probe(out.probes.back());
    }
    if (out.stopped)
      break;
    if (ok)
      out.largest = std::max(out.largest, n);
    else
      out.smallest_failing = out.smallest_failing == 0 ? n : std::min(out.smallest_failing, n);
    if (out.smallest_failing == 0) {
      if (n >= max_players) {
        out.memory_bound = true;
        break;
      }
      n = std::min(2 * n, max_players);
    } else if (out.largest == 0) {
      if (n == 1)
        break;
      n /= 2;
    } else {
      auto lo = out.largest, hi = out.smallest_failing;
      if (hi <= lo + 1
          || static_cast<double>(hi) <= static_cast<double>(lo) * (1 + search_resolution))
        break;
      n = lo + (hi - lo) / 2;
    }
  }
  return out;
}

} // namespace actorbench::bench
