#include "command/command_catalog.hpp"

#include <set>

#include "command/document_command.hpp"
#include "command/results_output.hpp"
#include "bench/output/text_wrap.hpp"

namespace actorbench::bench {

namespace {

std::vector<option_spec> scenario_options(const scenario& s) {
  auto out = param_options(s.declared());
  for (auto& o : run_options(s.declared(), view_names(s.views())))
    out.push_back(std::move(o));
  return out;
}

// A parameter named like a harness option (or another parameter's alias)
// would make one of the two unreachable: a mistake of the declaration.
result<void> check_unique(const std::string& target, const std::vector<option_spec>& specs) {
  std::set<std::string> seen{"config", "help", "version", "list"};
  for (const auto& s : specs) {
    std::vector<std::string> names{s.name};
    names.insert(names.end(), s.aliases.begin(), s.aliases.end());
    for (const auto& n : names)
      if (!seen.insert(n).second)
        return bad_input(target + " declares --" + n + ", which is already an option of it");
  }
  return {};
}

} // namespace

command_catalog::command_catalog(const registry& r, const main_options& o)
  : registry_(r), options_(o) {
  reader_.program = o.tool.name;
  for (const auto* s : r.all()) {
    names_.scenarios.push_back(s->declared().name);
    add_target(s->declared().name, scenario_options(*s));
  }
  for (const auto& c : o.commands) {
    names_.commands.push_back(c.params.name);
    add_target(c.params.name, param_options(c.params));
  }
  add_target(builtin_target_name(target_kind::report), report_command_options());
  add_target(builtin_target_name(target_kind::diff), diff_command_options());
  add_target(builtin_target_name(target_kind::man), {});
  add_target(builtin_target_name(target_kind::completion), {});
  names_.default_scenario = o.default_scenario;
  if (o.default_scenario.empty() && names_.scenarios.size() == 1)
    names_.default_scenario = names_.scenarios.front();
  names_.has_list = static_cast<bool>(o.list);
  reader_.default_scenario = names_.default_scenario;
}

void command_catalog::add_target(const std::string& name, std::vector<option_spec> specs) {
  for (const auto& s : specs)
    if (s.takes_value) {
      names_.value_options.insert("--" + s.name);
      if (!s.short_name.empty())
        names_.value_options.insert("-" + s.short_name);
    }
  reader_.targets[name] = std::move(specs);
}

std::string command_catalog::overview_text() const {
  overview o;
  o.program = options_.tool.name;
  for (const auto* s : registry_.all())
    o.scenarios.push_back({s->declared().name, s->declared().summary});
  for (const auto& c : options_.commands)
    o.commands.push_back({c.params.name, c.params.summary});
  o.default_scenario = names_.default_scenario;
  o.has_list = names_.has_list;
  return overview_help(o);
}

std::string command_catalog::usage_of(target_kind kind, const std::string& name) const {
  const auto& program = options_.tool.name;
  switch (kind) {
    case target_kind::report:
      return program + " report FILE... [OPTIONS]";
    case target_kind::diff:
      return program + " diff OLD NEW [OPTIONS]";
    case target_kind::man:
      return program + " man";
    case target_kind::completion:
      return program + " completion SHELL";
    case target_kind::command:
      return program + " " + name + " [OPTIONS]";
    case target_kind::scenario:
      break;
  }
  return name == names_.default_scenario ? program + " [" + name + "] [OPTIONS]"
                                         : program + " " + name + " [OPTIONS]";
}

std::string command_catalog::summary_of(target_kind kind, const std::string& name) const {
  switch (kind) {
    case target_kind::report:
      return "Re-print saved JSON results in any format; several files are merged, their columns "
             "labelled by file.";
    case target_kind::diff:
      return "Compare two saved JSON results configuration by configuration: median ratio with "
             "its 95% interval and the U test's p.";
    case target_kind::man:
      return "Print this manual page (roff): man -l <(" + options_.tool.name + " man)";
    case target_kind::completion:
      return "Print the completion script of SHELL (" + joined(completion_shells(), ", ")
             + "): source it, or install it in bash-completion's completions directory";
    case target_kind::command:
      return find_command(name)->params.summary;
    case target_kind::scenario:
      break;
  }
  return find_scenario(name)->declared().summary;
}

std::string command_catalog::help_text(target_kind kind, const std::string& name) const {
  return target_help(usage_of(kind, name), summary_of(kind, name), reader_.targets.at(name));
}

target_outline command_catalog::outline_of(target_kind kind, const std::string& name) const {
  target_outline t{
    kind, name, usage_of(kind, name), summary_of(kind, name), reader_.targets.at(name), false, {}};
  t.file_arguments = kind == target_kind::report || kind == target_kind::diff;
  if (kind == target_kind::completion)
    t.argument_words = completion_shells();
  return t;
}

tool_outline command_catalog::outline() const {
  tool_outline t;
  t.program = options_.tool.name;
  t.version = options_.tool.version;
  t.summary = options_.summary;
  for (const auto& name : names_.scenarios)
    t.scenarios.push_back(outline_of(target_kind::scenario, name));
  for (const auto& name : names_.commands)
    t.commands.push_back(outline_of(target_kind::command, name));
  for (auto kind : builtin_targets)
    t.commands.push_back(outline_of(kind, builtin_target_name(kind)));
  // `help [NAME]` (split_argv reads it as --help): its one argument is a name.
  target_outline help{target_kind::command, "help", t.program + " help [NAME]",
                      "Print the tool's --help, or NAME's: the same as " + t.program
                        + " [NAME] --help",
                      {}, false, {}};
  for (const auto& target : t.scenarios)
    help.argument_words.push_back(target.name);
  for (const auto& target : t.commands)
    help.argument_words.push_back(target.name);
  t.commands.push_back(std::move(help));
  t.default_scenario = names_.default_scenario;
  t.has_list = names_.has_list;
  return t;
}

result<const std::vector<option_spec>*> command_catalog::options_of(const std::string& name) const {
  const auto& specs = reader_.targets.at(name);
  if (auto ok = check_unique(name, specs); !ok)
    return ok.err();
  return &specs;
}

const scenario* command_catalog::find_scenario(const std::string& name) const {
  return registry_.find(name);
}

const command_decl* command_catalog::find_command(const std::string& name) const {
  for (const auto& c : options_.commands)
    if (c.params.name == name)
      return &c;
  return nullptr;
}

} // namespace actorbench::bench
