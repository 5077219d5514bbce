#include "harness/noise_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>

#include "harness/run_noise.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

namespace {

std::vector<double> probe_times(const noise_record& r) {
  std::vector<double> out;
  for (const auto& s : r.samples)
    if (auto ms = probe_ms(s); is_value(ms))
      out.push_back(ms);
  return out;
}

// The median of a third of the probes (at least one) from the front or back.
double third_median(const std::vector<double>& times, bool last) {
  auto n = std::max<std::size_t>(1, times.size() / 3);
  auto from = last ? times.end() - static_cast<std::ptrdiff_t>(n) : times.begin();
  return median({from, from + static_cast<std::ptrdiff_t>(n)});
}

double relative_mad(const std::vector<double>& times, double mid) {
  std::vector<double> deviations;
  for (double t : times)
    deviations.push_back(std::abs(t - mid));
  return median(std::move(deviations)) / mid;
}

// "1.4x", "1.04x" near 1, where one decimal would say nothing.
std::string noise_times(double ratio) {
  char text[32];
  std::snprintf(text, sizeof text, std::abs(ratio - 1) < 0.1 ? "%.2fx" : "%.1fx", ratio);
  return text;
}

// "2%", "1.3%" below 10%, with a sign when asked: "+1%".
std::string noise_percent(double fraction, bool sign) {
  char text[32];
  auto pct = fraction * 100;
  std::snprintf(text, sizeof text,
                std::abs(pct) < 10 ? (sign ? "%+.1f%%" : "%.1f%%") : (sign ? "%+.0f%%" : "%.0f%%"),
                pct);
  return text;
}

void mark_rounds(const noise_record& r, noise_summary& s) {
  double worst = 0;
  std::set<std::size_t> repeated;
  for (const auto& sample : r.samples) {
    if (!sample.after_round)
      continue;
    auto ratio = probe_ms(sample) / s.median_ms;
    if (sample.discarded) {
      repeated.insert(*sample.after_round);
      ++s.repeats;
      continue;
    }
    if (std::abs(std::log(ratio)) > worst) {
      worst = std::abs(std::log(ratio));
      s.worst_round = *sample.after_round;
      s.worst_ratio = ratio;
    }
    if (!off_by_more(probe_ms(sample), s.median_ms, r.margin))
      continue;
    if (ratio > 1) {
      s.slow_rounds.push_back(*sample.after_round);
      s.slow_ratio = std::max(s.slow_ratio, ratio);
    } else {
      s.fast_rounds.push_back(*sample.after_round);
      s.fast_ratio = std::min(s.fast_ratio, ratio);
    }
  }
  s.repeated_rounds = repeated.size();
}

} // namespace

double probe_ms(const noise_sample& s) {
  auto ms = values_only(s.cpu_ms);
  if (ms.empty())
    return std::numeric_limits<double>::quiet_NaN();
  return *std::max_element(ms.begin(), ms.end());
}

double probe_wait_ratio(const noise_sample& s) {
  double worst = std::numeric_limits<double>::quiet_NaN();
  for (std::size_t i = 0; i < s.cpu_ms.size() && i < s.on_cpu_ms.size(); ++i)
    if (is_value(s.cpu_ms[i]) && is_value(s.on_cpu_ms[i]) && s.on_cpu_ms[i] > 0) {
      auto ratio = s.cpu_ms[i] / s.on_cpu_ms[i];
      worst = std::isnan(worst) ? ratio : std::max(worst, ratio);
    }
  return worst;
}

bool off_by_more(double ms, double median, double fraction) {
  return median > 0 && std::abs(ms / median - 1) > fraction;
}

noise_summary summarize_noise(const noise_record& r) {
  noise_summary s;
  auto times = probe_times(r);
  s.probes = times.size();
  if (times.empty()) {
    s.median_ms = s.spread = s.drift = std::numeric_limits<double>::quiet_NaN();
    return s;
  }
  s.median_ms = median(times);
  std::vector<double> waits;
  for (const auto& sample : r.samples)
    if (auto w = probe_wait_ratio(sample); is_value(w))
      waits.push_back(w);
  s.median_wait = waits.empty() ? std::numeric_limits<double>::quiet_NaN() : median(waits);
  s.spread = relative_mad(times, s.median_ms);
  s.drift = (third_median(times, true) - third_median(times, false)) / s.median_ms;
  mark_rounds(r, s);
  return s;
}

std::string round_ranges(const std::vector<std::size_t>& rounds) {
  std::string out;
  for (std::size_t i = 0; i < rounds.size();) {
    auto j = i;
    while (j + 1 < rounds.size() && rounds[j + 1] == rounds[j] + 1)
      ++j;
    out += (out.empty() ? "" : ", ") + std::to_string(rounds[i] + 1);
    if (j > i)
      out += "-" + std::to_string(rounds[j] + 1);
    i = j + 1;
  }
  return out;
}

std::string noise_footer(const noise_record& r, const noise_summary& s) {
  if (s.probes == 0)
    return "host: no probes";
  auto ms = [](double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", v);
    return std::string{text} + " ms";
  };
  auto cpus = std::to_string(r.cpus.size()) + (r.cpus.size() == 1 ? " CPU" : " CPUs")
              + (r.pinned ? "" : ", unpinned");
  // The wait is what tells a busy host: caches and memory lengthen the
  // probe's CPU time as much as its wall time. Older files give the bare median.
  const bool waited = is_value(s.median_wait);
  auto out = waited ? "host: the probe, a fixed piece of CPU and memory work (" + ms(r.quiet_ms)
                        + " of CPU with its data cached), took " + ms(s.median_ms)
                        + " at the median (" + cpus + "), waiting for its CPU "
                        + noise_percent(1 - 1 / std::max(s.median_wait, 1.0), false)
                        + " of that time"
                    : "host: probe median " + ms(s.median_ms) + " (" + cpus + ")";
  out += (waited ? "; spread ±" : ", spread ±") + noise_percent(s.spread, false) + ", drift "
         + noise_percent(s.drift, true);
  if (s.worst_round)
    out += ", worst round " + std::to_string(*s.worst_round + 1) + " (" + noise_times(s.worst_ratio)
           + (waited ? " the median)" : ")");
  if (r.max_noise)
    out += "; --max-noise " + noise_percent(*r.max_noise, false) + " repeated "
           + std::to_string(s.repeated_rounds) + (s.repeated_rounds == 1 ? " round" : " rounds")
           + " (" + std::to_string(s.repeats) + (s.repeats == 1 ? " repeat" : " repeats")
           + ", at most " + std::to_string(r.max_repeats) + " per round)";
  return out;
}

run_noise_summary summarize_run_noise(const std::vector<const run_result*>& runs) {
  run_noise_summary out;
  std::set<std::size_t> noisy_rounds;
  for (const auto* r : runs)
    if (r->noise && r->noise->noisy)
      noisy_rounds.insert(r->round);
  out.noisy_rounds.assign(noisy_rounds.begin(), noisy_rounds.end());
  // Steal and CPU time, switches and wall time: over all runs, and over
  // the noisy rounds' runs.
  double totals[2][4] = {};
  for (const auto* r : runs) {
    if (!r->noise)
      continue;
    const auto& n = *r->noise;
    ++out.runs;
    out.noisy_runs += n.noisy ? 1 : 0;
    for (int noisy = 0; noisy < 2; ++noisy) {
      if (noisy && noisy_rounds.count(r->round) == 0)
        continue;
      totals[noisy][0] += n.steal_s;
      totals[noisy][1] += r->wall_s * static_cast<double>(n.cpus);
      totals[noisy][2] += static_cast<double>(n.involuntary_switches);
      totals[noisy][3] += r->wall_s;
    }
  }
  auto share = [](double a, double b) {
    return b > 0 ? a / b : std::numeric_limits<double>::quiet_NaN();
  };
  out.steal_share = share(totals[0][0], totals[0][1]);
  out.switch_rate_hz = share(totals[0][2], totals[0][3]);
  out.noisy_steal_share = share(totals[1][0], totals[1][1]);
  out.noisy_switch_rate_hz = share(totals[1][2], totals[1][3]);
  return out;
}

run_noise_summary summarize_run_noise(const scenario_results& r) {
  std::vector<const run_result*> runs;
  for (const auto& c : r.configurations)
    for (const auto& run : c.runs)
      runs.push_back(&run);
  return summarize_run_noise(runs);
}

std::string run_noise_line(const run_noise_summary& s) {
  if (s.runs == 0)
    return {};
  auto rate = [](double hz) {
    char text[32];
    // 9.95 and up round to "10": one decimal below ten only.
    std::snprintf(text, sizeof text, hz < 9.95 ? "%.1f" : "%.0f", hz);
    return std::string{text};
  };
  auto steal = [](double share) {
    return is_value(share) ? noise_percent(share, false) : std::string{"an unknown share"};
  };
  auto limits = " (a run is flagged noisy above " + noise_percent(noisy_steal_share, false)
                + " stolen, or above " + rate(noisy_switch_rate_hz)
                + " switches a second while other processes use over "
                + noise_percent(noisy_others_share, false) + " of its CPUs)";
  if (s.noisy_runs == 0)
    return "runs: quiet: the hypervisor took " + steal(s.steal_share)
           + " of the CPU time the runs could use, and their threads were preempted "
           + rate(s.switch_rate_hz) + " times a second" + limits;
  return "runs: noisy in " + std::string{s.noisy_rounds.size() == 1 ? "round " : "rounds "}
         + round_ranges(s.noisy_rounds) + " (" + std::to_string(s.noisy_runs) + " of "
         + std::to_string(s.runs) + " runs): the hypervisor took " + steal(s.noisy_steal_share)
         + " of the CPU time in " + (s.noisy_rounds.size() == 1 ? "that round" : "those rounds")
         + " and other work preempted the runs' threads " + rate(s.noisy_switch_rate_hz)
         + " times a second" + limits + "; their figures may be slower than this host's quiet ones";
}

std::string noise_warning(const noise_record& r, const noise_summary& s) {
  std::string out;
  auto during = [](const std::vector<std::size_t>& rounds) {
    return (rounds.size() == 1 ? " during round " : " during rounds ") + round_ranges(rounds);
  };
  if (!s.slow_rounds.empty())
    out = noise_times(s.slow_ratio) + " slower" + during(s.slow_rounds);
  if (!s.fast_rounds.empty())
    out +=
      (out.empty() ? "" : ", ") + noise_times(1 / s.fast_ratio) + " faster" + during(s.fast_rounds);
  if (out.empty())
    return out;
  return "host noise: probe " + out + " (more than " + noise_percent(r.margin, false)
         + " off its median); other work on the machine may have disturbed those rounds' runs";
}

} // namespace actorbench::bench
