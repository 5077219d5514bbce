// The canonical output, schema_version 2 (results.schema.json describes it).

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/harness/ratio_interval.hpp"
#include "bench/harness/run_values.hpp"
#include "harness/noise_report.hpp"
#include "harness/run_noise.hpp"
#include "bench/harness/search_answer.hpp"
#include "bench/harness/statistics.hpp"
#include "output/json_names.hpp"
#include "bench/output/results_writer.hpp"

namespace actorbench::bench {

namespace {

// Keys keep the order of the documented layout, which is easier to read
// than the alphabetical order of nlohmann::json.
using ordered = nlohmann::ordered_json;

ordered number(double v) {
  return std::isfinite(v) ? ordered(v) : ordered();
}

ordered numbers(const std::vector<double>& values) {
  auto out = ordered::array();
  for (double v : values)
    out.push_back(number(v));
  return out;
}

template <class T>
ordered optional_value(const std::optional<T>& v) {
  return v ? ordered(*v) : ordered();
}

struct param_value_json {
  ordered operator()(bool b) const { return b; }
  ordered operator()(std::int64_t i) const { return i; }
  ordered operator()(double d) const { return number(d); }
  ordered operator()(const std::string& s) const { return s; }
};

struct fact_json {
  ordered operator()(double d) const { return number(d); }
  ordered operator()(const std::string& s) const { return s; }
  ordered operator()(const std::vector<double>& v) const { return numbers(v); }
  ordered operator()(const std::vector<std::string>& v) const { return v; }
};

ordered facts_object(const by_name<fact>& facts) {
  auto out = ordered::object();
  for (const auto& [name, f] : facts)
    out[name] = std::visit(fact_json{}, f);
  return out;
}

ordered samples_object(const by_name<std::vector<double>>& samples) {
  auto out = ordered::object();
  for (const auto& [name, values] : samples)
    out[name] = numbers(values);
  return out;
}

ordered machine_object(const scenario_results& r) {
  const auto& m = r.machine;
  return {{"cpu_model", m.cpu_model},
          {"cores", m.cores},
          {"aes", m.aes},
          {"avx2", m.avx2},
          {"kernel", m.kernel},
          {"memory_bytes", m.memory_bytes},
          {"hostname", m.hostname},
          {"caf_version", m.caf_version},
          {"openssl_version", m.openssl_version},
          {"libsodium_version", m.libsodium_version},
          {"load_average_1m", {{"start", number(r.load_start)}, {"end", number(r.load_end)}}}};
}

ordered param_object(const param_decl& p) {
  ordered only_if;
  if (!p.only_if.param.empty())
    only_if = {{"param", p.only_if.param}, {"words", p.only_if.words}};
  return {{"name", p.name},
          {"type", json_name(p.type)},
          {"default", p.default_value},
          {"default_help", p.default_help},
          {"min", p.min},
          {"max", p.max},
          {"words", p.words},
          {"bare_unit", p.bare_unit},
          {"unit", p.unit},
          {"help", p.help},
          {"scan", p.scan},
          {"aliases", p.aliases},
          {"group", p.group},
          {"only_if", only_if}};
}

ordered metric_object(const metric_decl& m) {
  return {
    {"name", m.name},   {"title", metric_title(m)},         {"unit", m.unit},
    {"help", m.help},   {"better", json_name(m.direction)}, {"headline", m.headline},
    {"phase", m.phase}, {"per_event", m.per_event},         {"per_run", json_name(m.per_run)}};
}

ordered scenario_object(const declaration& d) {
  ordered out = {{"name", d.name}, {"summary", d.summary}};
  out["params"] = ordered::array();
  for (const auto& p : d.params)
    out["params"].push_back(param_object(p));
  out["metrics"] = ordered::array();
  for (const auto& m : d.metrics)
    out["metrics"].push_back(metric_object(m));
  out["checks"] = ordered::array();
  for (const auto& c : d.checks)
    out["checks"].push_back({{"name", c.name}, {"help", c.help}});
  out["defaults"] = {{"runs", d.defaults.runs}, {"warmup", d.defaults.warmup}};
  out["search"] = nullptr;
  if (d.search)
    out["search"] = {{"param", d.search->param},
                     {"flag", d.search->flag},
                     {"resolution", number(d.search->resolution)}};
  return out;
}

ordered harness_object(const harness_settings& h) {
  return {{"runs", h.runs},
          {"warmup", h.warmup},
          {"min_time_s", number(h.min_time_s)},
          {"max_runs", h.max_runs},
          {"time_limit_s", number(h.time_limit_s)},
          {"shuffle", h.shuffle},
          {"seed", h.seed},
          {"reference", h.reference},
          {"memory_budget_bytes", optional_value(h.memory_budget_bytes)},
          {"isolation", to_string(h.isolation.mode)},
          {"isolation_warmup_runs", h.isolation.child_warmups},
          {"measure", to_string(h.measure)},
          {"precision", h.precision ? number(*h.precision) : ordered()}};
}

ordered part_object(const part_record& p) {
  return {
    {"name", p.name}, {"metrics", samples_object(p.samples)}, {"facts", facts_object(p.facts)}};
}

// The counters and, for readers of the file only, the share and rate they
// were judged by (bench/harness/run_noise.hpp).
ordered run_noise_object(const run_result& r) {
  if (!r.noise)
    return nullptr;
  const auto& n = *r.noise;
  return {{"cpus", n.cpus},
          {"steal_s", number(n.steal_s)},
          {"involuntary_switches", n.involuntary_switches},
          {"steal_share", number(steal_share(n, r.wall_s))},
          {"switches_per_s", number(switch_rate_hz(n, r.wall_s))},
          {"others_s", number(n.others_s)},
          {"others_share", number(others_share(n, r.wall_s))},
          {"noisy", n.noisy}};
}

ordered run_object(const run_result& r) {
  ordered out = {{"index", r.index},
                 {"round", r.round},
                 {"started_s", number(r.started_s)},
                 {"wall_s", number(r.wall_s)},
                 {"cpu_user_s", number(r.cpu.user_s)},
                 {"cpu_system_s", number(r.cpu.system_s)},
                 {"start_rss_bytes", optional_value(r.start_rss_bytes)},
                 {"peak_rss_bytes", optional_value(r.peak_rss_bytes)},
                 {"load_1m", {{"before", number(r.load_before)}, {"after", number(r.load_after)}}},
                 {"noise", run_noise_object(r)},
                 {"metrics", samples_object(r.record.samples)},
                 {"checks", r.record.checks},
                 {"facts", facts_object(r.record.facts)}};
  out["parts"] = ordered::array();
  for (const auto& p : r.record.parts)
    out["parts"].push_back(part_object(p));
  out["partial"] = r.record.partial;
  if (r.child_warmups)
    out["child_warmup_runs"] = *r.child_warmups;
  return out;
}

ordered summary_object(const summary& s) {
  return {{"count", s.count},     {"mean", number(s.mean)},  {"median", number(s.median)},
          {"min", number(s.min)}, {"max", number(s.max)},    {"stddev", number(s.stddev)},
          {"cv", number(s.cv)},   {"ci999", number(s.ci999)}};
}

// For readers of the file only (read_results ignores it): per metric the
// statistics of its per-run values (bench/harness/run_values.hpp), the
// headline relative to the reference configuration, the check totals.
ordered derived_object(const scenario_results& r, const configuration_result& c) {
  const auto& d = r.scenario;
  auto stats = ordered::object();
  for (const auto& m : d.metrics)
    if (auto values = per_run_values(c, m); !values.empty())
      stats[m.name] = summary_object(summarize(std::move(values)));
  auto checks = ordered::object();
  for (const auto& check : d.checks)
    checks[check.name] = check_total(c, check.name);
  ordered relative = nullptr;
  auto ref = r.harness.reference;
  if (!d.metrics.empty() && ref < r.configurations.size() && ref != c.config.index) {
    const auto& m = d.headline();
    auto mine = per_run_values(c, m);
    auto theirs = per_run_values(r.configurations[ref], m);
    if (!mine.empty() && !theirs.empty()) {
      auto x = relative_to(mine, theirs);
      relative = {{"reference", ref},     {"metric", m.name},       {"ratio", number(x.ratio)},
                  {"low", number(x.low)}, {"high", number(x.high)}, {"p_value", number(x.p_value)}};
    }
  }
  return {{"stats", stats}, {"relative", relative}, {"checks", checks}};
}

// The parameters whose values differ between the configurations, so that
// a label can tell them apart; found once, not once per configuration.
std::vector<std::string> varying_params(const scenario_results& r) {
  std::vector<std::string> varying;
  for (const auto& p : r.scenario.params) {
    std::set<std::string> seen;
    for (const auto& other : r.configurations) {
      auto i = other.config.values.find(p.name);
      seen.insert(i == other.config.values.end() ? "n/a" : to_text(i->second));
      if (seen.size() > 1)
        break;
    }
    if (seen.size() > 1)
      varying.push_back(p.name);
  }
  return varying;
}

// "procs=1000, crypto=on": the values of the `varying` parameters.
std::string label_of(const std::vector<std::string>& varying, const configuration& c) {
  std::string out;
  for (const auto& name : varying) {
    auto i = c.values.find(name);
    out += (out.empty() ? "" : ", ") + name + "="
           + (i == c.values.end() ? std::string{"n/a"} : to_text(i->second));
  }
  return out;
}

ordered configuration_object(const scenario_results& r, const configuration_result& c,
                             const std::vector<std::string>& varying) {
  auto params = ordered::object();
  for (const auto& p : r.scenario.params)
    if (auto i = c.config.values.find(p.name); i != c.config.values.end())
      params[snake_case(p.name)] = std::visit(param_value_json{}, i->second);
  auto not_applicable = ordered::array();
  for (const auto& name : c.config.not_applicable)
    not_applicable.push_back(snake_case(name));
  ordered out = {
    {"index", c.config.index}, {"label", label_of(varying, c.config)},   {"source", c.source},
    {"params", params},        {"not_applicable", not_applicable}, {"facts", facts_object(c.facts)},
    {"partial", c.partial}};
  out["runs"] = ordered::array();
  for (const auto& run : c.runs)
    out["runs"].push_back(run_object(run));
  out["derived"] = derived_object(r, c);
  return out;
}

// The interval and the rule's parameters; the answer's words for readers of the file only.
ordered search_object(const search_result& s) {
  ordered out = {{"param", s.param},
                 {"largest", s.largest},
                 {"smallest_failing", s.smallest_failing},
                 {"resolution", number(s.resolution)},
                 {"memory_bound", s.memory_bound},
                 {"resolved", s.stop.empty() ? s.undecided == 0
                                             : s.stop == "precise" || s.stop == "at_max"
                                                 || s.stop == "below_min"},
                 {"stop", s.stop},
                 {"keep_up", number(s.keep_up)},
                 {"confidence", number(s.confidence)},
                 {"fit",
                  {{"capacity", number(s.capacity)},
                   {"low", number(s.low)},
                   {"high", number(s.high)},
                   {"slope", number(s.slope)}}},
                 {"probe_length", s.probe_length},
                 {"undecided", s.undecided == 0 ? ordered() : ordered(s.undecided)},
                 {"unit", s.unit},
                 {"criterion", s.criterion},
                 {"rule",
                  {{"lead", s.rule.lead},
                   {"max_probes", s.rule.max_probes},
                   {"disturbed_slowdown", number(s.rule.disturbed_slowdown)},
                   {"disturbed_wait", number(s.rule.disturbed_wait)}}},
                 {"answer", search_answer(s)}};
  out["probes"] = ordered::array();
  for (const auto& p : s.probes)
    out["probes"].push_back({{"value", p.value},
                             {"keeps_up", p.keeps_up},
                             {"configuration", p.configuration},
                             {"slowdown", number(p.slowdown)},
                             {"run_queue_wait", number(p.run_queue_wait)},
                             {"disturbed", p.disturbed}});
  return out;
}

ordered optional_round(const std::optional<std::size_t>& round) {
  return round ? ordered(*round) : ordered();
}

// The probes and, for readers of the file only, their statistics and the
// warning (bench/harness/noise_report.hpp).
ordered noise_object(const noise_record& n) {
  auto s = summarize_noise(n);
  auto probes = ordered::array();
  auto probe_times = ordered::array();
  for (const auto& p : n.samples) {
    probes.push_back({{"after_round", optional_round(p.after_round)},
                      {"cpu_ms", numbers(p.cpu_ms)},
                      {"on_cpu_ms", numbers(p.on_cpu_ms)},
                      {"ms", number(probe_ms(p))},
                      {"discarded", p.discarded}});
    probe_times.push_back(number(probe_ms(p)));
  }
  auto discarded = ordered::array();
  for (const auto& d : n.discarded)
    discarded.push_back({{"configuration", d.configuration}, {"run", run_object(d.run)}});
  auto warning = noise_warning(n, s);
  return {{"cpus", n.cpus},
          {"pinned", n.pinned},
          {"work_units", n.work_units},
          {"buffer_bytes", n.buffer_bytes},
          {"quiet_ms", number(n.quiet_ms)},
          {"steal_limit", number(noisy_steal_share)},
          {"switch_limit_per_s", number(noisy_switch_rate_hz)},
          {"margin", number(n.margin)},
          {"max_noise", n.max_noise ? number(*n.max_noise) : ordered()},
          {"max_repeats", n.max_repeats},
          {"probe_ms", probe_times},
          {"probes", probes},
          {"median_ms", number(s.median_ms)},
          {"spread", number(s.spread)},
          {"drift", number(s.drift)},
          {"worst_round", optional_round(s.worst_round)},
          {"worst_ratio", number(s.worst_ratio)},
          {"slow_rounds", s.slow_rounds},
          {"fast_rounds", s.fast_rounds},
          {"repeated_rounds", s.repeated_rounds},
          {"repeats", s.repeats},
          {"warning", warning.empty() ? ordered() : ordered(warning)},
          {"discarded_runs", discarded}};
}

ordered results_object(const scenario_results& r) {
  ordered out = {{"schema_version", scenario_results::schema_version},
                 {"tool",
                  {{"name", r.tool.name},
                   {"version", r.tool.version},
                   {"git_commit", r.tool.git_commit},
                   {"allocator", r.tool.allocator}}},
                 {"created", r.created},
                 {"command_line", r.command_line},
                 {"machine", machine_object(r)},
                 {"scenario", scenario_object(r.scenario)},
                 {"harness", harness_object(r.harness)},
                 {"stopped", r.stopped.empty() ? ordered() : ordered(r.stopped)}};
  out["configurations"] = ordered::array();
  const auto varying = varying_params(r);
  for (const auto& c : r.configurations)
    out["configurations"].push_back(configuration_object(r, c, varying));
  out["search"] = r.search ? search_object(*r.search) : ordered();
  out["noise"] = r.noise ? noise_object(*r.noise) : ordered();
  return out;
}

class json_results_writer : public results_writer {
 public:
  void write(const scenario_results& r, std::ostream& out) const override { out << to_json(r); }
};

} // namespace

std::string to_json(const scenario_results& r) {
  // Replacing invalid UTF-8 (a fact copied from a peer's bytes) keeps the
  // writer from throwing in the middle of a file.
  return results_object(r).dump(2, ' ', false, ordered::error_handler_t::replace) + "\n";
}

std::unique_ptr<results_writer> make_json_writer() {
  return std::make_unique<json_results_writer>();
}

} // namespace actorbench::bench
