#include "output/merged_verdict.hpp"

#include "output/results_diff.hpp"

namespace actorbench::bench {

namespace {

/// The configurations of one file of a merged report, as that file held them.
scenario_results file_part(const scenario_results& merged, const std::string& file) {
  scenario_results part = merged;
  part.sources.clear();
  part.configurations.clear();
  for (const auto& c : merged.configurations)
    if (c.source == file) {
      part.configurations.push_back(c);
      part.configurations.back().source.clear();
    }
  return part;
}

} // namespace

std::vector<std::string> merged_verdict_lines(const scenario_results& merged) {
  std::vector<std::string> lines;
  if (merged.sources.size() < 2)
    return lines;
  const auto& first = merged.sources.front().file;
  auto old_part = file_part(merged, first);
  for (std::size_t i = 1; i < merged.sources.size(); ++i) {
    const auto& file = merged.sources[i].file;
    diff_options o;
    o.old_name = first;
    o.new_name = file;
    auto d = diff_results(old_part, file_part(merged, file), o);
    if (!d)
      continue;
    std::string metric;
    for (const auto& m : d->matched)
      if (m.metrics.size() == 1 && metric.empty())
        metric = ", " + m.metrics.front().title;
    for (const auto& line : diff_change_lines(*d))
      lines.push_back(file + " against " + first + metric + ": " + line);
  }
  return lines;
}

} // namespace actorbench::bench
