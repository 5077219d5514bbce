#include "output/missing_values.hpp"

#include <algorithm>

#include "bench/harness/statistics.hpp"
#include "bench/output/column_labels.hpp"

namespace actorbench::bench {

namespace {

struct tally {
  std::size_t missing = 0;
  std::size_t total = 0;
};

void count(const by_name<std::vector<double>>& samples, const std::string& suffix,
           by_name<tally>& out) {
  for (const auto& [metric, values] : samples) {
    auto& t = out[metric + suffix];
    t.total += values.size();
    t.missing += static_cast<std::size_t>(
      std::count_if(values.begin(), values.end(), [](double v) { return !is_value(v); }));
  }
}

} // namespace

std::vector<std::string> missing_value_notes(const scenario_results& r, const std::string& file) {
  std::vector<std::string> out;
  auto labels = label_columns(r.scenario, r.configurations).labels;
  for (std::size_t i = 0; i < r.configurations.size(); ++i) {
    const auto& c = r.configurations[i];
    by_name<tally> tallies;
    for (const auto& run : c.runs) {
      count(run.record.samples, "", tallies);
      for (const auto& part : run.record.parts)
        count(part.samples, " of part '" + part.name + "'", tallies);
    }
    auto where = "'" + file + "' configuration " + std::to_string(c.config.index)
                 + (i < labels.size() && !labels[i].empty() ? " (" + labels[i] + ")" : "");
    for (const auto& [metric, t] : tallies)
      if (t.missing > 0)
        out.push_back(where + ": " + metric + " has " + std::to_string(t.missing) + " missing value"
                      + (t.missing == 1 ? "" : "s") + " of " + std::to_string(t.total)
                      + ", left out of the statistics");
  }
  return out;
}

} // namespace actorbench::bench
