#include "harness/noise_monitor.hpp"

#include "actors/runtime/cpu_pinning.hpp"
#include "harness/noise_probe.hpp"
#include "harness/noise_report.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

namespace {

noise_sample probe_each_cpu(noise_record& r) {
  const auto& probe = noise_probe::shared();
  r.work_units = probe.units();
  r.buffer_bytes = probe.buffer_bytes();
  r.quiet_ms = probe.quiet_ms();
  noise_sample s;
  for (auto t : probe.run_on(r.cpus, r.pinned)) {
    s.cpu_ms.push_back(t.wall_ms);
    s.on_cpu_ms.push_back(t.on_cpu_ms);
  }
  return s;
}

} // namespace

noise_monitor::noise_monitor(const harness_settings& settings, scenario_results& results)
  : noise_monitor(settings, results, probe_each_cpu) {}

noise_monitor::noise_monitor(const harness_settings& settings, scenario_results& results,
                             probe_fn probe)
  : results_(results), on_(settings.noise_probe), probe_(std::move(probe)) {
  if (!on_)
    return;
  noise_record r;
  // The scheduler's threads may run on any of them (--pin chooses among them).
  r.cpus = actors::allowed_cpus();
  r.margin = default_noise_margin;
  r.max_noise = settings.max_noise;
  results_.noise = std::move(r);
  results_.noise->samples.push_back(probe_(*results_.noise));
}

result<bool> noise_monitor::after_round(std::size_t round, result<bool> ran,
                                        const std::function<result<bool>()>& rerun) {
  // A stopped run ends now: no probe, no repeat.
  if (!on_ || !ran || !*ran)
    return ran;
  probe(round);
  for (std::size_t repeats = 0;
       results_.noise->max_noise && repeats < results_.noise->max_repeats && too_noisy(round);
       ++repeats) {
    discard_round(round);
    ran = rerun();
    if (!ran || !*ran)
      return ran;
    probe(round);
  }
  return ran;
}

void noise_monitor::probe(std::size_t round) {
  auto& noise = *results_.noise;
  auto s = probe_(noise);
  s.after_round = round;
  noise.samples.push_back(std::move(s));
}

// A run of the round flagged noisy (run_noise.hpp), or the last probe off
// the median of all before it.
bool noise_monitor::too_noisy(std::size_t round) const {
  for (const auto& c : results_.configurations)
    if (!c.runs.empty() && c.runs.back().round == round && c.runs.back().noise
        && c.runs.back().noise->noisy)
      return true;
  const auto& samples = results_.noise->samples;
  std::vector<double> before;
  for (std::size_t i = 0; i + 1 < samples.size(); ++i)
    before.push_back(probe_ms(samples[i]));
  if (before.empty())
    return false;
  return off_by_more(probe_ms(samples.back()), median(std::move(before)),
                     *results_.noise->max_noise);
}

// Each configuration's run of the round is its last one (one per round).
void noise_monitor::discard_round(std::size_t round) {
  auto& noise = *results_.noise;
  noise.samples.back().discarded = true;
  for (std::size_t c = 0; c < results_.configurations.size(); ++c) {
    auto& runs = results_.configurations[c].runs;
    if (runs.empty() || runs.back().round != round)
      continue;
    noise.discarded.push_back({c, std::move(runs.back())});
    runs.pop_back();
  }
}

} // namespace actorbench::bench
