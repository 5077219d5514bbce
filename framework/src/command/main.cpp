#include "bench/command/main.hpp"

#include <unistd.h>

#include <csignal>
#include <iostream>
#include <new>

#include "command/command_catalog.hpp"
#include "command/document_command.hpp"
#include "command/option_parser.hpp"
#include "command/run_command.hpp"
#include "command/saved_commands.hpp"
#include "command/stray_name.hpp"
#include "command/tool_command.hpp"
#include "bench/git_commit.hpp"
#include "bench/output/standard_output.hpp"
#include "bench/version.hpp"

namespace actorbench::bench {

namespace {

// A target's options: the command line's, then the --config file's where
// the command line has none.
struct target_words {
  by_name<std::string> values;
  std::vector<std::string> positionals;
  by_name<std::string> spellings;
};

result<target_words> read_target(const split_line& line, const command_catalog& catalog,
                                 const std::string& program) {
  auto specs = catalog.options_of(line.target);
  if (!specs)
    return specs.err();
  auto parsed = parse_options(line.args, **specs, {program, line.target});
  if (!parsed)
    return parsed.err();
  target_words out{std::move(parsed->values), std::move(parsed->positionals),
                   std::move(parsed->spellings)};
  if (line.config.empty())
    return out;
  auto file = read_config_file(line.config);
  if (!file)
    return file.err();
  auto settings = config_values(*file, catalog.reader(), line.target);
  if (!settings)
    return settings.err();
  out.values.insert(settings->begin(), settings->end());
  return out;
}

result<void> refuse_positionals(const target_words& words, const parse_target& target) {
  if (words.positionals.empty())
    return {};
  return bad_input("unexpected argument '" + words.positionals.front() + "' for " + target.name
                   + "; " + help_hint(target));
}

// Parameters go to make_plan as typed, the rest are the harness's.
int run_named_scenario(const scenario& s, const target_words& words, const main_options& o,
                       const std::vector<std::string>& command_line, const command_context& ctx) {
  by_name<std::string> texts, harness;
  for (const auto& [name, text] : words.values)
    (s.declared().param(name) != nullptr ? texts : harness)[name] = text;
  auto settings = read_run_settings(harness, s.declared());
  if (!settings)
    return report_failure(ctx, settings.err());
  run_request request{&s, std::move(texts), std::move(*settings), o.tool, command_line};
  return run_scenario(request, ctx);
}

int run_target(const split_line& line, const command_catalog& catalog, const registry& r,
               const main_options& o, const std::vector<std::string>& command_line,
               const command_context& outer) {
  auto words = read_target(line, catalog, outer.program);
  if (!words)
    return report_failure(outer, words.err());
  auto ctx = outer;
  ctx.spellings = words->spellings;
  parse_target target{ctx.program, line.target};
  switch (line.kind) {
    case target_kind::report:
      return report_saved(words->positionals, words->values, r, ctx);
    case target_kind::diff:
      return diff_saved(words->positionals, words->values, ctx);
    case target_kind::man:
    case target_kind::completion:
      return print_document(line.kind, words->positionals, catalog.outline(), ctx);
    default:
      break;
  }
  if (auto ok = refuse_positionals(*words, target); !ok)
    return report_failure(ctx, ok.err());
  if (line.kind == target_kind::command)
    return run_tool_command(line.target, *catalog.find_command(line.target), words->values, ctx);
  return run_named_scenario(*catalog.find_scenario(line.target), *words, o, command_line, ctx);
}

// --list's --format: table (the default) or json; anything else is refused.
result<bool> list_as_json(const std::vector<std::string>& args) {
  std::string format = "table";
  for (std::size_t i = 0; i < args.size(); ++i)
    if (args[i] == "--format" && i + 1 < args.size())
      format = args[i + 1];
    else if (args[i].rfind("--format=", 0) == 0)
      format = args[i].substr(9);
  if (format != "table" && format != "json")
    return bad_input("invalid --format '" + format + "' with --list: expected table or json");
  return format == "json";
}

int dispatch(const std::vector<std::string>& command_line, const registry& r, const main_options& o,
             const command_context& ctx) {
  command_catalog catalog{r, o};
  auto line = split_argv({command_line.begin() + 1, command_line.end()}, catalog.names());
  if (!line)
    return report_failure(ctx, line.err());
  if (line->list && !line->version) {
    auto json = list_as_json(line->args);
    if (!json)
      return report_failure(ctx, json.err());
    ctx.out << o.list(*json);
    return 0;
  }
  if (auto ok = refuse_stray_name(*line, catalog.names(), ctx.program); !ok && !line->version)
    return report_failure(ctx, ok.err());
  if (line->version || line->help) {
    ctx.out << (line->version ? version_line(o.tool)
                : line->named ? catalog.help_text(line->kind, line->target)
                              : catalog.overview_text());
    return 0;
  }
  if (line->target.empty())
    return report_failure(
      ctx, bad_input(r.all().empty() ? "no scenario is registered"
                                     : "name a scenario; see " + ctx.program + " --help"));
  return run_target(*line, catalog, r, o, command_line, ctx);
}

std::string base_name(const char* path) {
  std::string name = path != nullptr ? path : "";
  auto slash = name.rfind('/');
  return slash == std::string::npos ? name : name.substr(slash + 1);
}

} // namespace

int main(int argc, const char* const* argv, const registry& r, const main_options& o) {
  command_context ctx{o.tool.name,
                      o.out != nullptr ? *o.out : std::cout,
                      o.err != nullptr ? *o.err : std::cerr,
                      o.out == nullptr,
                      o.err == nullptr && isatty(STDERR_FILENO) == 1,
                      {}};
  std::vector<std::string> command_line{argv, argv + argc};
  if (command_line.empty())
    command_line.push_back(o.tool.name);
  int code = 0;
  try {
    code = dispatch(command_line, r, o, ctx);
  } catch (const std::bad_alloc&) {
    // The commands that read files name them (report, diff); this is the
    // last resort for the rest: one line, never an abort.
    code = report_failure(ctx, runtime_failure("out of memory"));
  }
  // Output that never reached standard output is a failure; a command that
  // failed has said why already.
  if (ctx.standard_out)
    if (auto ok = flush_standard_output(); !ok && code == 0)
      return report_failure(ctx, ok.err());
  return code;
}

int main(int argc, const char* const* argv) {
  take_standard_output();
  // A file grown past `ulimit -f` fails its write with EFBIG instead of
  // killing the process half-way through (see bench/main.cpp).
  std::signal(SIGXFSZ, SIG_IGN);
  main_options o;
  o.tool.name = base_name(argc > 0 ? argv[0] : nullptr);
  if (o.tool.name.empty())
    o.tool.name = "actorbench";
  o.tool.version = tool_version;
  o.tool.git_commit = git_commit;
  return main(argc, argv, default_registry(), o);
}

} // namespace actorbench::bench
