#include <algorithm>
#include <set>
#include <utility>

#include "harness/param_text.hpp"
#include "bench/harness/runner.hpp"

namespace actorbench::bench {

namespace {

/// More combinations than a run could finish are a typo, not a plan.
constexpr std::size_t max_configurations = 1000;

/// Combinations kept while later parameters or the scenario's refine may
/// still drop them.
constexpr std::size_t max_partial_combinations = 100 * max_configurations;

const param_decl* find_declared(const declaration& d, std::string_view name) {
  for (const auto& p : d.params)
    if (p.name == name || std::find(p.aliases.begin(), p.aliases.end(), name) != p.aliases.end())
      return &p;
  return nullptr;
}

/// Every declared parameter's text, typed or default, by its declared name;
/// a parameter with neither is left out (the scenario's start() writes it).
result<by_name<std::string>> texts_by_param(const declaration& d,
                                            const by_name<std::string>& texts) {
  by_name<std::string> out;
  for (const auto& [name, text] : texts) {
    const auto* p = find_declared(d, name);
    if (p == nullptr)
      return bad_input("unknown option --" + name + " for " + d.name);
    out[p->name] = text;
  }
  for (const auto& p : d.params)
    if (out.find(p.name) == out.end() && !p.default_value.empty())
      out[p.name] = p.default_value;
  return out;
}

std::size_t declared_index(const declaration& d, const std::string& name) {
  for (std::size_t i = 0; i < d.params.size(); ++i)
    if (d.params[i].name == name)
      return i;
  return d.params.size();
}

/// Whether `p` is n/a in `c`: its only_if parameter is n/a itself or has
/// another word. A controlling parameter without a value yet (left for the
/// scenario to resolve) does not decide it.
bool unmet(const param_decl& p, const configuration& c) {
  const auto& when = p.only_if;
  if (when.param.empty())
    return false;
  if (std::find(c.not_applicable.begin(), c.not_applicable.end(), when.param)
      != c.not_applicable.end())
    return true;
  auto v = c.values.find(when.param);
  if (v == c.values.end())
    return false;
  auto text = to_text(v->second);
  return std::find(when.words.begin(), when.words.end(), text) == when.words.end();
}

/// Drops the parameters whose only_if is unmet among the first `placed`
/// ones, then the duplicate combinations this leaves, keeping the first.
void collapse(const declaration& d, std::size_t placed, std::vector<configuration>& plan) {
  for (auto& c : plan)
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t i = 0; i < placed; ++i) {
        const auto& p = d.params[i];
        // A parameter left without a value (for the scenario to resolve) is
        // n/a all the same: the saved file must say so.
        bool listed = std::find(c.not_applicable.begin(), c.not_applicable.end(), p.name)
                      != c.not_applicable.end();
        if (!listed && declared_index(d, p.only_if.param) < placed && unmet(p, c)) {
          c.values.erase(p.name);
          c.not_applicable.push_back(p.name);
          changed = true;
        }
      }
    }
  std::set<std::pair<by_name<param_value>, std::vector<std::string>>> seen;
  std::vector<configuration> kept;
  for (auto& c : plan) {
    std::sort(c.not_applicable.begin(), c.not_applicable.end(), [&](const auto& a, const auto& b) {
      return declared_index(d, a) < declared_index(d, b);
    });
    if (seen.emplace(c.values, c.not_applicable).second)
      kept.push_back(std::move(c));
  }
  plan = std::move(kept);
}

error too_many() {
  return bad_input("too many configurations: the options combine to more than "
                   + std::to_string(max_configurations));
}

/// Every combination, in declaration order, the last parameter fastest.
result<std::vector<configuration>> combine(const declaration& d,
                                           const by_name<std::vector<param_value>>& values) {
  std::vector<configuration> plan(1);
  for (std::size_t i = 0; i < d.params.size(); ++i) {
    auto list = values.find(d.params[i].name);
    if (list != values.end()) {
      std::vector<configuration> next;
      for (const auto& c : plan)
        for (const auto& v : list->second) {
          next.push_back(c);
          next.back().values[d.params[i].name] = v;
        }
      plan = std::move(next);
    }
    collapse(d, i + 1, plan);
    if (plan.size() > max_partial_combinations)
      return too_many();
  }
  return plan;
}

} // namespace

result<std::vector<configuration>> make_plan(const scenario& s, const by_name<std::string>& texts) {
  const auto& d = s.declared();
  auto resolved = texts_by_param(d, texts);
  if (!resolved)
    return resolved.err();
  by_name<std::vector<param_value>> values;
  for (const auto& [name, text] : *resolved) {
    auto parsed = parse_param_text(*d.param(name), text);
    if (!parsed)
      return parsed.err();
    values[name] = std::move(*parsed);
  }
  auto plan = combine(d, values);
  if (!plan)
    return plan.err();
  auto refined = s.refine(std::move(*plan));
  if (!refined)
    return refined.err();
  // Counted after refine: combinations a scenario drops (a back-end without
  // that cipher) are not run.
  if (refined->size() > max_configurations)
    return too_many();
  for (std::size_t i = 0; i < refined->size(); ++i)
    (*refined)[i].index = i;
  return refined;
}

} // namespace actorbench::bench
