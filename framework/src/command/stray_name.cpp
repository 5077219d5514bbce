#include "command/stray_name.hpp"

#include "harness/nearest_word.hpp"

namespace actorbench::bench {

result<void> refuse_stray_name(const split_line& line, const line_names& names,
                               const std::string& program) {
  if (line.named || line.stray.empty())
    return {};
  auto all = names.scenarios;
  all.insert(all.end(), names.commands.begin(), names.commands.end());
  for (auto kind : builtin_targets)
    all.push_back(builtin_target_name(kind));
  all.push_back("help");
  if (auto near = nearest_words(line.stray, all); !near.empty())
    return bad_input("unknown scenario or command '" + line.stray + "': " + did_you_mean(near));
  std::string list;
  for (const auto& name : all)
    list += (list.empty() ? "" : ", ") + name;
  return bad_input("unexpected argument '" + line.stray + "': expected a scenario or command ("
                   + list + "); see " + program + " --help");
}

} // namespace actorbench::bench
