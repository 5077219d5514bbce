#include "bench/harness/registry.hpp"

#include <algorithm>
#include <set>

namespace actorbench::bench {

namespace {

bool is_kebab(const std::string& name) {
  if (name.empty() || name.front() == '-' || name.back() == '-')
    return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

result<void> check_declaration(const declaration& d) {
  auto bad = [&](const std::string& what) {
    return bad_input("scenario '" + d.name + "': " + what);
  };
  if (!is_kebab(d.name))
    return bad("the name must be lower-case words joined by '-'");
  std::set<std::string> names;
  for (const auto& p : d.params) {
    if (!is_kebab(p.name))
      return bad("parameter '" + p.name + "' must be lower-case words joined by '-'");
    if (!names.insert(p.name).second)
      return bad("parameter '" + p.name + "' is declared twice");
    for (const auto& a : p.aliases)
      if (!names.insert(a).second)
        return bad("alias '" + a + "' of '" + p.name + "' is already a parameter or alias");
    if (p.type == param_type::word && p.words.empty())
      return bad("word parameter '" + p.name + "' has no words");
    if (p.type == param_type::word && !p.default_value.empty()
        && std::find(p.words.begin(), p.words.end(), p.default_value) == p.words.end()
        && p.default_value != "all")
      return bad("default '" + p.default_value + "' of '" + p.name + "' is not one of its words");
    if ((p.type == param_type::integer || p.type == param_type::size) && p.min > p.max)
      return bad("parameter '" + p.name + "' has min above max");
  }
  if (d.metrics.empty())
    return bad("it declares no metric");
  auto headlines = std::count_if(d.metrics.begin(), d.metrics.end(),
                                 [](const metric_decl& m) { return m.headline; });
  if (headlines != 1)
    return bad("exactly one metric must be the headline, not " + std::to_string(headlines));
  std::set<std::string> metric_names;
  for (const auto& m : d.metrics)
    if (!metric_names.insert(m.name).second)
      return bad("metric '" + m.name + "' is declared twice");
  if (d.search
      && (d.param(d.search->param) == nullptr
          || d.param(d.search->param)->type != param_type::integer))
    return bad("search parameter '" + d.search->param + "' is not an integer parameter");
  return {};
}

} // namespace

result<void> registry::add(std::unique_ptr<scenario> s) {
  if (!s)
    return bad_input("no scenario to register");
  if (auto ok = check_declaration(s->declared()); !ok)
    return ok.err();
  if (find(s->declared().name) != nullptr)
    return bad_input("scenario '" + s->declared().name + "' is registered twice");
  scenarios_.push_back(std::move(s));
  return {};
}

const scenario* registry::find(std::string_view name) const {
  for (const auto& s : scenarios_)
    if (s->declared().name == name)
      return s.get();
  return nullptr;
}

std::vector<const scenario*> registry::all() const {
  std::vector<const scenario*> out;
  for (const auto& s : scenarios_)
    out.push_back(s.get());
  return out;
}

registry& default_registry() {
  static registry instance;
  return instance;
}

} // namespace actorbench::bench
