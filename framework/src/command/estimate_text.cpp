#include "command/estimate_text.hpp"

#include <cmath>
#include <locale>
#include <sstream>

#include "bench/harness/isolation.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

std::string bounds_text(const time_estimate& e) {
  auto low = e.at_least_s;
  auto high = e.at_most_s;
  if (std::isfinite(high) && high > 0 && low >= high)
    return "about " + duration_text(high) + " of runs";
  if (std::isfinite(high) && low > 0)
    return "between " + duration_text(low) + " and " + duration_text(high) + " of runs";
  if (std::isfinite(high))
    return "at most " + duration_text(high) + " of runs";
  if (low > 0)
    return "at least " + duration_text(low) + " of runs";
  return "unknown";
}

/// "22 runs of 50.0 ms (--time)", "at most 72 probes of 5.00 s (--duration)";
/// "at least 22 runs" when `more` may follow.
std::string runs_text(const time_estimate& e, bool more) {
  auto text = e.search ? "at most " + counted(e.runs, "probe")
                       : (more ? "at least " : "") + counted(e.runs, "run");
  if (e.per_run == nullptr)
    return text;
  text += e.per_run->run_time == run_time_role::limit ? " of at most " : " of ";
  text += duration_text(e.per_run_min_s);
  if (e.per_run_max_s > e.per_run_min_s)
    text += " to " + duration_text(e.per_run_max_s);
  return text + " (--" + e.per_run->name + ")";
}

} // namespace

std::string duration_text(double seconds) {
  if (seconds < 90)
    return format_value(seconds, "s");
  std::ostringstream out;
  out.imbue(std::locale::classic());
  out.precision(3);
  if (seconds < 90 * 60)
    out << seconds / 60 << " min";
  else if (seconds < 48 * 3600)
    out << seconds / 3600 << " h";
  else
    out << seconds / 86400 << " days";
  return out.str();
}

std::string estimate_text(const time_estimate& e, const harness_settings& settings) {
  // --min-time adds runs the estimate cannot count unless each run's length is known.
  bool counted_min_time = e.per_run != nullptr && e.unknown_configurations == 0
                          && e.per_run->run_time == run_time_role::length;
  bool more = settings.precision || (settings.min_time_s > 0 && !counted_min_time);
  std::string basis = runs_text(e, more && !e.search);
  if (e.unknown_configurations > 0)
    basis += e.search || e.per_run == nullptr
               ? "; nothing sets how long a run takes"
               : "; nothing sets how long a run takes for "
                   + counted(e.unknown_configurations, "configuration");
  if (settings.min_time_s > 0 && !counted_min_time && !e.search)
    basis += "; --min-time " + duration_text(settings.min_time_s) + " per configuration";
  if (settings.precision && !e.search)
    basis += "; more runs until --precision holds";
  if (settings.measure == measure_mode::instructions)
    basis += "; each in a child under callgrind, which starts slowly";
  else if (settings.isolation.mode == isolation_mode::process && !e.search)
    basis += "; each in a child process";
  if (e.time_limited)
    basis += "; --time-limit " + duration_text(settings.time_limit_s);
  return "estimate: " + bounds_text(e) + " (" + basis + ")";
}

} // namespace actorbench::bench
