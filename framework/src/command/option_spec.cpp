#include "command/option_spec.hpp"

#include <algorithm>

#include "command/param_help.hpp"
#include "bench/harness/isolation.hpp"
#include "bench/harness/measure_mode.hpp"
#include "bench/output/text_wrap.hpp"
#include "harness/run_noise.hpp"

namespace actorbench::bench {

namespace {

option_spec value_option(std::string name, std::string placeholder, std::string help,
                         std::string group) {
  option_spec o;
  o.name = std::move(name);
  o.placeholder = std::move(placeholder);
  o.help = std::move(help);
  o.group = std::move(group);
  return o;
}

// A value option of a closed set of words, shown as "a|b|c".
option_spec word_option(std::string name, std::vector<std::string> words, std::string help,
                        std::string group) {
  auto o = value_option(std::move(name), joined(words, "|"), std::move(help), std::move(group));
  o.words = std::move(words);
  return o;
}

option_spec flag_option(std::string name, std::string help, std::string group) {
  auto o = value_option(std::move(name), "", std::move(help), std::move(group));
  o.takes_value = false;
  o.on_off = true;
  return o;
}

void add_format_output(std::vector<option_spec>& out, const std::string& what) {
  out.push_back(value_option("format", "FORMAT",
                             "Output format: table, json, csv, markdown or html (default table)",
                             output_group));
  out.back().words = {"table", "json", "csv", "markdown"};
  out.push_back(value_option("output", "FILE",
                             "Write " + what
                               + " to FILE (replaced only once complete) instead of standard "
                                 "output; a table is still printed there for the other formats",
                             output_group));
  out.back().short_name = "o";
}

void add_time_unit(std::vector<option_spec>& out) {
  out.push_back(word_option("time-unit", {"s", "ms", "us", "ns"},
                            "Show every time in this unit (default chosen per metric, so that "
                            "three significant digits show)",
                            output_group));
}

void add_plot_view(std::vector<option_spec>& out, const std::string& views,
                   const std::string& view_default, std::vector<std::string> view_words) {
  out.push_back(value_option(
    "plot", "FILE", "Also draw the results to FILE.svg or FILE.png (needs gnuplot)", output_group));
  out.push_back(value_option("view", views,
                             "Table of --format table and markdown: generic, or a view of the "
                             "scenario (default "
                               + view_default + ")",
                             output_group));
  out.back().words = std::move(view_words);
}

void add_run_counts(std::vector<option_spec>& out, const declaration& d) {
  out.push_back(value_option(
    "runs", "N",
    "Measured runs per configuration (1..100000; default " + std::to_string(d.defaults.runs) + ")",
    harness_group));
  out.back().aliases = d.defaults.runs_aliases;
  if (d.defaults.warmup_option)
    out.push_back(value_option("warmup", "N",
                               "Unmeasured runs per configuration before the measured ones "
                               "(0..10000; default "
                                 + std::to_string(d.defaults.warmup) + ")",
                               harness_group));
  out.push_back(value_option("min-time", "DURATION",
                             "Add runs to a configuration until its measured runs total this "
                             "much wall time, up to 100000 (default off)",
                             harness_group));
  out.push_back(value_option("precision", "PCT",
                             "Add runs to a configuration until the 95% interval of its headline "
                             "median lies within ±PCT of it (2 or 2%), up to 100000 runs or "
                             "--time-limit, whichever comes first (default off); with --find-max, "
                             "the capacity's interval instead (default 5)",
                             harness_group));
  out.push_back(value_option("time-limit", "DURATION",
                             "End the command after this long; the results measured so far are "
                             "written, marked partial (default none)",
                             harness_group));
}

void add_run_order(std::vector<option_spec>& out) {
  out.push_back(flag_option(
    "shuffle",
    "Random order of configurations within each round (default: the same order every round)",
    harness_group));
  out.push_back(value_option(
    "seed", "N", "Seed of --shuffle, to repeat an order (default random, kept in the results)",
    harness_group));
  out.push_back(value_option(
    "reference", "K", "Which configuration (1 = the first) the others are compared to (default 1)",
    harness_group));
  out.push_back(value_option("max-memory", "SIZE",
                             "Refuse, before any work, a configuration whose memory estimate "
                             "exceeds this (512M, 4G; K, M, G, T are powers of 1024; default "
                             "the available memory)",
                             harness_group));
  out.push_back(word_option("isolate", {"none", "process"},
                            "process: make each run in a fresh child process (its start-up not "
                            "timed; before a measured run it makes the same run untimed, "
                            "--warmup times and at least once), so no configuration's state "
                            "can disturb another's (default none: all runs in this process)",
                            harness_group));
  out.push_back(value_option(child_option, "RUN", "", harness_group));
  out.back().hidden = true;
  out.push_back(word_option(
    "measure", {"time", "instructions"},
    "instructions: count the instructions every thread executes per work unit (per actor, "
    "round trip, cipher op) under valgrind's callgrind (Debian's package valgrind), each run in a "
    "child process, only its measured run counted; the count is the headline metric, and a "
    "busy host does not move it. With one scheduler thread (--threads 1) counts repeat within "
    "0.1%; with more, idle workers' polling adds a few percent that varies. It costs: runs are "
    "tens of times slower, so use small sizes (--procs 10000, not 1000000). Fits the scenarios "
    "that declare a work unit (fanout, pingpong, cipher); not a search (default time)",
    harness_group));
  out.push_back(value_option(extra_work_option, "N", "", harness_group));
  out.back().hidden = true;
  out.push_back(flag_option(
    "quiet", "No progress bar and no notes (the bar is drawn only when stderr is a terminal)",
    harness_group));
  out.push_back(flag_option(
    "dry-run", "Print the plan (configurations, runs, an estimate of their time) and exit",
    harness_group));
}

// The host noise monitor (bench/harness/noise_monitor.hpp).
void add_noise_options(std::vector<option_spec>& out) {
  out.push_back(word_option(
    "noise-probe", {"on", "off"},
    "Time a fixed ~3 ms piece of CPU and memory work (no actors) before the first round and "
    "after each, on every CPU this process may use in turn (a short-lived thread pinned to "
    "each), and report in the footer and JSON how stable the host was; a warning names the "
    "rounds whose probe was more than 25% off its median (default on)",
    harness_group));
  out.back().on_off = true;
  out.push_back(value_option(
    "max-noise", "PCT",
    "Repeat a round whose probe after it was more than PCT percent off the median probe so "
    "far, or in which a run was flagged noisy (the hypervisor took more than "
      + std::to_string(static_cast<int>(noisy_steal_share * 100))
      + "% of the CPU time it could use, or its threads were preempted more than "
      + std::to_string(static_cast<int>(noisy_switch_rate_hz))
      + " times a second: another process wanted their CPU), at most 3 times per round; the "
        "repeated round's runs replace its noisy ones, which stay in the JSON "
        "(noise.discarded_runs) but out of every statistic (0 < PCT <= 1000; default off)",
    harness_group));
}

} // namespace

std::vector<option_spec> param_options(const declaration& d) {
  std::vector<option_spec> out;
  for (const auto& p : d.params) {
    option_spec o;
    o.name = p.name;
    o.aliases = p.aliases;
    o.takes_value = p.type != param_type::flag;
    o.on_off = p.type == param_type::flag
               || (p.type == param_type::word
                   && std::find(p.words.begin(), p.words.end(), "on") != p.words.end()
                   && std::find(p.words.begin(), p.words.end(), "off") != p.words.end());
    o.placeholder = param_placeholder(p);
    o.help = param_help_text(p);
    o.group = p.group;
    o.param = true;
    if (p.type == param_type::word)
      o.words = p.words;
    out.push_back(std::move(o));
  }
  return out;
}

std::vector<option_spec> run_options(const declaration& d, const std::vector<std::string>& views) {
  std::vector<option_spec> out;
  add_run_counts(out, d);
  add_run_order(out);
  add_noise_options(out);
  add_format_output(out, "the results");
  auto names = views;
  names.push_back("generic");
  add_plot_view(out, joined(names, "|"), views.empty() ? "generic" : views.front(), names);
  add_time_unit(out);
  return out;
}

std::vector<option_spec> report_command_options() {
  std::vector<option_spec> out;
  add_format_output(out, "the results");
  add_plot_view(out, "NAME|generic", "the scenario's first view, else generic", {});
  add_time_unit(out);
  return out;
}

std::vector<option_spec> diff_command_options() {
  std::vector<option_spec> out;
  out.push_back(value_option("metric", "NAME|all",
                             "The metric compared, or every one (default the headline metric)",
                             output_group));
  out.push_back(value_option("fail-above", "PCT",
                             "Exit 1 when a configuration got worse by more than PCT percent, "
                             "its interval beyond the noise threshold and neither side noisy "
                             "(for CI)",
                             output_group));
  out.push_back(value_option(
    "noise-threshold", "PCT",
    "Call a change worse or better only when its whole 95% interval is more than PCT percent "
    "from no change; within it, the files do not differ (0 <= PCT < 100; default 5: two quiet "
    "runs of one command differ by a few percent on a shared VM). A side whose compared runs "
    "were flagged noisy (steal or involuntary switches, see --max-noise) makes the comparison "
    "inconclusive instead, which --fail-above does not fail on",
    output_group));
  out.push_back(
    flag_option("strict", "Exit 1 on an inconclusive comparison too (for CI that wants a verdict)",
                output_group));
  add_format_output(out, "the diff");
  add_time_unit(out);
  return out;
}

std::vector<option_spec> tool_options(const std::string& program, bool has_list) {
  std::vector<option_spec> out;
  out.push_back(value_option("config", "FILE",
                             "Read options from a TOML file: top-level keys for the default "
                             "scenario, a [NAME] section for scenario or command NAME; the "
                             "command line wins",
                             tool_group));
  if (has_list)
    out.push_back(flag_option(
      "list", "List back-ends and ciphers with their availability, then exit", tool_group));
  out.push_back(
    flag_option("help", "This help; " + program + " NAME --help: the options of NAME", tool_group));
  out.back().short_name = "h";
  out.push_back(
    flag_option("version", "Print the version, git commit and allocator, then exit", tool_group));
  return out;
}

std::string help_with_aliases(const option_spec& s) {
  if (s.aliases.empty())
    return s.help;
  std::string names;
  for (const auto& a : s.aliases)
    names += (names.empty() ? "" : ", ") + std::string{"--"} + a;
  return s.help + " (also " + names + ")";
}

bool takes_file(const option_spec& s) {
  return s.takes_value && s.placeholder == "FILE";
}

const option_spec* find_option(const std::vector<option_spec>& specs, const std::string& name) {
  for (const auto& s : specs)
    if (s.name == name || std::find(s.aliases.begin(), s.aliases.end(), name) != s.aliases.end())
      return &s;
  return nullptr;
}

const option_spec* find_short_option(const std::vector<option_spec>& specs,
                                     const std::string& letter) {
  for (const auto& s : specs)
    if (!s.short_name.empty() && s.short_name == letter)
      return &s;
  return nullptr;
}

} // namespace actorbench::bench
