#include "harness/time_estimate.hpp"

#include <algorithm>
#include <cmath>

#include "bench/harness/isolation.hpp"
#include "harness/search.hpp"

namespace actorbench::bench {

namespace {

constexpr double unbounded = std::numeric_limits<double>::infinity();

/// What one configuration says of its runs' time: the parameter and its
/// value in seconds (a run's length before a limit); null: nothing.
struct run_time {
  const param_decl* param = nullptr;
  double seconds = 0;
};

double seconds_of(const param_value& v) {
  if (const auto* i = std::get_if<std::int64_t>(&v))
    return static_cast<double>(*i);
  if (const auto* d = std::get_if<double>(&v))
    return *d;
  return 0;
}

run_time run_time_of(const declaration& d, const configuration& c) {
  for (auto role : {run_time_role::length, run_time_role::limit})
    for (const auto& p : d.params) {
      auto v = c.values.find(p.name);
      if (p.run_time == role && v != c.values.end() && seconds_of(v->second) > 0)
        return {&p, seconds_of(v->second)};
    }
  return {};
}

/// Seconds of one configuration's rounds, below and above, and its runs.
struct rounds_time {
  double low = 0;
  double high = unbounded;
  std::size_t runs = 0;
};

rounds_time rounds_of(const run_time& r, const harness_settings& s) {
  auto measured = static_cast<double>(s.runs);
  const bool length = r.param != nullptr && r.param->run_time == run_time_role::length;
  // --min-time adds runs until their lengths add up to it.
  if (length && s.min_time_s > 0)
    measured = std::max(
      measured, std::min(static_cast<double>(s.max_runs), std::ceil(s.min_time_s / r.seconds)));
  const bool isolated = s.isolation.mode == isolation_mode::process;
  auto warm = isolated ? measured * static_cast<double>(child_warmup_runs(s.warmup))
                       : static_cast<double>(s.warmup);
  rounds_time out;
  out.runs = static_cast<std::size_t>(warm + measured);
  if (length) {
    out.low = (warm + measured) * r.seconds;
    // Under callgrind a run still lasts its length, but its process starts slowly.
    if (s.measure != measure_mode::instructions)
      out.high = out.low;
  } else {
    out.low = s.min_time_s;
    if (r.param != nullptr && s.min_time_s <= 0)
      out.high = (warm + measured) * r.seconds;
  }
  // --precision adds runs until the median is precise: no bound above.
  if (s.precision)
    out.high = unbounded;
  return out;
}

void note_run_time(time_estimate& e, const run_time& r) {
  if (r.param == nullptr)
    return;
  if (e.per_run == nullptr) {
    e.per_run = r.param;
    e.per_run_min_s = e.per_run_max_s = r.seconds;
  }
  e.per_run_min_s = std::min(e.per_run_min_s, r.seconds);
  e.per_run_max_s = std::max(e.per_run_max_s, r.seconds);
}

/// A search: at most its budget of probes, each one run of the configuration.
time_estimate search_time(const declaration& d, const configuration& base) {
  time_estimate e;
  e.search = true;
  const auto& decl = *d.search;
  e.runs = decl.rule.max_probes;
  auto r = run_time_of(d, base);
  note_run_time(e, r);
  if (r.param != nullptr)
    e.at_most_s = static_cast<double>(e.runs) * r.seconds;
  else
    e.unknown_configurations = 1;
  return e;
}

} // namespace

std::size_t planned_runs(const harness_settings& settings) {
  return settings.runs + (settings.isolation.mode == isolation_mode::process ? 0 : settings.warmup);
}

time_estimate estimate_time(const declaration& d, const std::vector<configuration>& plan,
                            const harness_settings& settings) {
  auto search = search_requested(d, plan);
  time_estimate e;
  if (search && *search) {
    e = search_time(d, plan.front());
  } else {
    e.at_most_s = 0;
    for (const auto& c : plan) {
      auto r = run_time_of(d, c);
      note_run_time(e, r);
      e.unknown_configurations += r.param == nullptr ? 1 : 0;
      auto rounds = rounds_of(r, settings);
      e.at_least_s += rounds.low;
      e.at_most_s += rounds.high;
      e.runs += rounds.runs;
    }
  }
  if (settings.time_limit_s > 0 && settings.time_limit_s < e.at_most_s) {
    e.at_most_s = settings.time_limit_s;
    e.time_limited = true;
  }
  e.at_least_s = std::min(e.at_least_s, e.at_most_s);
  return e;
}

} // namespace actorbench::bench
