#include "harness/idle_params.hpp"

#include <algorithm>

namespace actorbench::bench {

namespace {

bool applies_nowhere(const std::string& name, const std::vector<configuration>& plan) {
  return std::all_of(plan.begin(), plan.end(), [&](const configuration& c) {
    return std::find(c.not_applicable.begin(), c.not_applicable.end(), name)
           != c.not_applicable.end();
  });
}

// "off" or "off,x25519": the controlling parameter's values across the plan.
std::string values_of(const std::string& name, const std::vector<configuration>& plan) {
  std::vector<std::string> seen;
  for (const auto& c : plan)
    if (auto v = c.values.find(name); v != c.values.end())
      if (auto text = to_text(v->second); std::find(seen.begin(), seen.end(), text) == seen.end())
        seen.push_back(text);
  std::string out;
  for (const auto& s : seen)
    out += (out.empty() ? "" : ",") + s;
  return out;
}

std::string either(const std::vector<std::string>& words) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + words[i];
  return out;
}

} // namespace

std::vector<std::string> idle_param_warnings(const declaration& d,
                                             const std::vector<configuration>& plan,
                                             const by_name<std::string>& given) {
  std::vector<std::string> out;
  if (plan.empty())
    return out;
  for (const auto& p : d.params) {
    const auto& when = p.only_if;
    if (when.param.empty() || given.count(p.name) == 0 || !applies_nowhere(p.name, plan))
      continue;
    auto values = values_of(when.param, plan);
    auto need = "--" + when.param + " " + either(when.words);
    out.push_back("--" + p.name + " has no effect "
                  + (values.empty() ? "here" : "with --" + when.param + " " + values) + "; add "
                  + need);
  }
  return out;
}

} // namespace actorbench::bench
