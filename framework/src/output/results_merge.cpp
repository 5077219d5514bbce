#include "output/results_merge.hpp"

#include "output/same_scenario.hpp"

namespace actorbench::bench {

result<scenario_results> merge_results(
  std::vector<std::pair<std::string, scenario_results>> files) {
  if (files.empty())
    return bad_input("nothing to merge: no results files");
  for (const auto& [name, r] : files)
    if (auto same = check_same_scenario(files.front().first, files.front().second, name, r); !same)
      return same.err();
  scenario_results out = files.front().second;
  out.configurations.clear();
  out.search.reset();
  // One file's probes would be read as all files' host: each file's probes
  // stay with its source, and its runs carry their own evidence.
  if (files.size() > 1)
    out.noise.reset();
  out.stopped.clear();
  for (auto& [name, r] : files) {
    if (files.size() > 1)
      out.sources.push_back({name, r.tool, r.created, r.machine, std::move(r.noise), r.command_line,
                             r.load_start, r.load_end});
    for (auto& c : r.configurations) {
      c.source = name;
      c.config.index = out.configurations.size();
      out.configurations.push_back(std::move(c));
    }
    if (!r.stopped.empty())
      out.stopped += (out.stopped.empty() ? "" : "; ") + name + ": " + r.stopped;
  }
  return out;
}

} // namespace actorbench::bench
