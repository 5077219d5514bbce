#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// The host noise monitor in the round loop: probes before the first
/// round and after each measured round into results.noise, and with
/// --max-noise repeats a round whose probe after it was too far off.
class noise_monitor {
 public:
  /// Sets up results.noise and takes the probe before the first round;
  /// does nothing when settings.noise_probe is off.
  noise_monitor(const harness_settings& settings, scenario_results& results);

  /// One probe's times per CPU of the record, cpu_ms and on_cpu_ms
  /// (tests replace the probe).
  using probe_fn = std::function<noise_sample(noise_record&)>;

  /// As above with `probe` in place of noise_probe::shared() on each CPU.
  noise_monitor(const harness_settings& settings, scenario_results& results, probe_fn probe);

  /// After measured round `round` ran: probes, and while --max-noise finds
  /// the probe more than its margin off the median of the probes so far,
  /// or a run of the round flagged noisy (run_noise.hpp), and repeats of
  /// this round are left, moves the round's runs to
  /// noise.discarded and calls `rerun`. Returns what the last run of
  /// the round returned (`ran`, or rerun's).
  result<bool> after_round(std::size_t round, result<bool> ran,
                           const std::function<result<bool>()>& rerun);

  /// Whether it probes (settings.noise_probe).
  bool on() const { return on_; }

  /// Probes once after measured round `round` (a search's probe: never
  /// repeated); the last two samples are then the ones around that round.
  void probe(std::size_t round);

 private:
  bool too_noisy(std::size_t round) const;
  void discard_round(std::size_t round);

  scenario_results& results_;
  bool on_;
  probe_fn probe_;
};

} // namespace actorbench::bench
