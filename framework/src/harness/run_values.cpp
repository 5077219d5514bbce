#include "bench/harness/run_values.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

namespace {

// The run's value from its events' values (missing events left out); a
// missing value when none is left.
double reduce(const std::vector<double>& all_events, reduction how) {
  auto events = values_only(all_events);
  if (events.empty())
    return std::numeric_limits<double>::quiet_NaN();
  switch (how) {
    case reduction::median:
      return median(events);
    case reduction::p99:
      return percentile(events, 99);
    case reduction::p999:
      return percentile(events, 99.9);
    case reduction::max:
      return *std::max_element(events.begin(), events.end());
    case reduction::mean:
      break;
  }
  return std::accumulate(events.begin(), events.end(), 0.0) / static_cast<double>(events.size());
}

} // namespace

std::vector<double> per_run_values(const configuration_result& c, const metric_decl& m) {
  std::vector<double> out;
  for (const auto& run : c.runs) {
    auto samples = run.record.samples.find(m.name);
    if (samples == run.record.samples.end() || samples->second.empty())
      continue;
    auto value = m.per_event ? reduce(samples->second, m.per_run) : samples->second.front();
    if (is_value(value))
      out.push_back(value);
  }
  return out;
}

std::uint64_t check_total(const configuration_result& c, const std::string& check) {
  std::uint64_t total = 0;
  for (const auto& run : c.runs)
    if (auto count = run.record.checks.find(check); count != run.record.checks.end())
      total += count->second;
  return total;
}

} // namespace actorbench::bench
