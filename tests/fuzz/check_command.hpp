#pragma once

// What every reading of a command line must give, whatever the input: a
// plan that holds together, or one line naming the bad input. It reads the
// line as bench::main does up to the plan (split, options, --config, harness
// settings, make_plan) and never runs anything: at most paths are stat'ed.

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bench/builtin.hpp"
#include "command/command_catalog.hpp"
#include "command/config_file.hpp"
#include "command/option_parser.hpp"
#include "command/run_settings.hpp"
#include "bench/harness/runner.hpp"

namespace actorbench::fuzz {

[[noreturn]] inline void command_fails(const char* target, const std::string& what) {
  std::fprintf(stderr, "fuzz %s: %s\n", target, what.c_str());
  std::abort();
}

/// False for an error, after checking that it is one line.
template <class T>
bool one_line_or_value(const char* target, const bench::result<T>& r) {
  if (r)
    return true;
  const auto& m = r.err().message;
  if (m.empty() || m.find('\n') != std::string::npos)
    command_fails(target, "an error that is not one line: '" + m + "'");
  return false;
}

/// actorbench's scenarios, made once.
inline const bench::registry& builtin_registry() {
  static const bench::registry r = [] {
    bench::registry out;
    if (!bench::add_builtin_scenarios(out))
      std::abort();
    return out;
  }();
  return r;
}

/// A scenario's options as bench::main reads them: the line's, then the
/// --config file's where the line has none; then its plan.
inline void check_scenario(const char* target, const bench::command_catalog& catalog,
                           const bench::split_line& line) {
  auto specs = catalog.options_of(line.target);
  if (!one_line_or_value(target, specs))
    return;
  auto parsed = bench::parse_options(line.args, **specs, {"actorbench", line.target});
  if (!one_line_or_value(target, parsed))
    return;
  auto values = parsed->values;
  if (!line.config.empty()) {
    auto file = bench::read_config_file(line.config);
    if (!one_line_or_value(target, file))
      return;
    auto settings = bench::config_values(*file, catalog.reader(), line.target);
    if (!one_line_or_value(target, settings))
      return;
    values.insert(settings->begin(), settings->end());
  }
  const auto& s = *catalog.find_scenario(line.target);
  bench::by_name<std::string> texts, harness;
  for (const auto& [name, text] : values)
    (s.declared().param(name) != nullptr ? texts : harness)[name] = text;
  if (!one_line_or_value(target, bench::read_run_settings(harness, s.declared())))
    return;
  auto plan = bench::make_plan(s, texts);
  if (one_line_or_value(target, plan) && plan->empty())
    command_fails(target, "a plan without a configuration");
}

/// Checks the reading of `words` (argv after the program name).
inline void check_line(const char* target, const std::vector<std::string>& words) {
  auto options = bench::actorbench_options();
  bench::command_catalog catalog{builtin_registry(), options};
  auto line = bench::split_argv(words, catalog.names());
  if (!one_line_or_value(target, line))
    return;
  if (line->help
      && (line->named ? catalog.help_text(line->kind, line->target) : catalog.overview_text())
           .empty())
    command_fails(target, "help with no text");
  if (line->help || line->version || line->list || line->target.empty())
    return;
  if (line->kind == bench::target_kind::scenario)
    check_scenario(target, catalog, *line);
}

} // namespace actorbench::fuzz
