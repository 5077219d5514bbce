// read_results: schema 2 as json_writer.cpp writes it, schema 1 through
// json_v1_import.cpp. `derived` and `label` are ignored: they are recomputed.

#include <algorithm>
#include <cstdint>
#include <limits>
#include <new>

#include "output/json_declaration_reader.hpp"
#include "output/json_names.hpp"
#include "output/json_node.hpp"
#include "output/json_teardown.hpp"
#include "output/json_v1_import.hpp"
#include "bench/output/results_writer.hpp"

namespace actorbench::bench {

namespace {

using json = nlohmann::json;

fact read_fact(const json_node& n) {
  const auto& v = n.value();
  if (v.is_string())
    return n.text();
  if (!v.is_array())
    return n.real();
  if (!v.empty() && v.front().is_string())
    return n.texts();
  return n.reals();
}

by_name<fact> read_facts(const json_node& n) {
  by_name<fact> out;
  for (const auto& [key, value] : n.members())
    out[key] = read_fact(value);
  return out;
}

by_name<std::vector<double>> read_samples(const json_node& n) {
  by_name<std::vector<double>> out;
  for (const auto& [key, value] : n.members())
    out[key] = value.reals();
  return out;
}

tool_info read_tool(const json_node& n) {
  tool_info t;
  t.name = n.at("name").text();
  t.version = n.at("version").text();
  t.git_commit = n.at("git_commit").text();
  t.allocator = n.at("allocator").text();
  return t;
}

// The same fields in both schemas; schema 2 adds the load average.
machine_info read_machine(const json_node& n) {
  machine_info m;
  m.cpu_model = n.at("cpu_model").text();
  m.cores = n.at("cores").count();
  m.aes = n.at("aes").boolean();
  m.avx2 = n.at("avx2").boolean();
  m.kernel = n.at("kernel").text();
  m.memory_bytes = n.at("memory_bytes").count();
  m.hostname = n.at("hostname").text();
  m.caf_version = n.at("caf_version").text();
  m.openssl_version = n.at("openssl_version").text();
  m.libsodium_version = n.at("libsodium_version").text();
  return m;
}

harness_settings read_harness(const json_node& n) {
  harness_settings h;
  h.runs = n.at("runs").count();
  h.warmup = n.at("warmup").count();
  h.min_time_s = n.at("min_time_s").real();
  h.max_runs = n.at("max_runs").count();
  h.time_limit_s = n.at("time_limit_s").real();
  h.shuffle = n.at("shuffle").boolean();
  h.seed = n.at("seed").count();
  h.reference = n.at("reference").count();
  h.memory_budget_bytes = optional_of<std::uint64_t>(n, "memory_budget_bytes",
                                                     [](const json_node& v) { return v.count(); });
  // Files written before --isolate ran every run in one process.
  if (const auto* mode = n.find("isolation"); mode != nullptr && mode->is_string())
    h.isolation.mode = *mode == "process" ? isolation_mode::process : isolation_mode::in_process;
  if (n.has("isolation_warmup_runs"))
    h.isolation.child_warmups = n.at("isolation_warmup_runs").count();
  // Files written before --measure measured time.
  if (const auto* mode = n.find("measure"); mode != nullptr && mode->is_string())
    h.measure = *mode == "instructions" ? measure_mode::instructions : measure_mode::time;
  // Absent in files written before --precision.
  if (n.has("precision"))
    h.precision = n.at("precision").real();
  return h;
}

param_value read_param_value(const json_node& n, param_type type) {
  switch (type) {
    case param_type::flag:
      return n.boolean();
    case param_type::integer:
    case param_type::size:
      return n.integer();
    case param_type::duration:
      return n.real();
    case param_type::word:
    case param_type::text:
      break;
  }
  return n.text();
}

// The file keys parameters by snake_case; configuration::values by the
// declared kebab-case name.
const param_decl& declared_param(const declaration& d, const std::string& key,
                                 const json_node& where) {
  for (const auto& p : d.params)
    if (snake_case(p.name) == key)
      return p;
  throw json_field_error{where.path() + " is not a parameter of " + d.name};
}

configuration read_configuration(const json_node& n, const declaration& d) {
  configuration c;
  c.index = n.at("index").count();
  for (const auto& [key, value] : n.at("params").members()) {
    const auto& p = declared_param(d, key, value);
    c.values[p.name] = read_param_value(value, p.type);
  }
  for (const auto& na : n.at("not_applicable").items())
    c.not_applicable.push_back(declared_param(d, na.text(), na).name);
  // A parameter without a default (--pin, --nodes) has no value when it
  // was not given; any other one must be there.
  for (const auto& p : d.params)
    if (!c.applies(p.name) && !p.default_value.empty()
        && std::find(c.not_applicable.begin(), c.not_applicable.end(), p.name)
             == c.not_applicable.end())
      throw json_field_error{n.path() + ".params has no " + snake_case(p.name)};
  return c;
}

run_result read_run(const json_node& n) {
  run_result r;
  r.index = n.at("index").count();
  r.round = n.at("round").count();
  r.started_s = n.at("started_s").real();
  r.wall_s = n.at("wall_s").real();
  r.cpu.user_s = n.at("cpu_user_s").real();
  r.cpu.system_s = n.at("cpu_system_s").real();
  auto bytes = [](const json_node& v) { return v.count(); };
  r.start_rss_bytes = optional_of<std::uint64_t>(n, "start_rss_bytes", bytes);
  r.peak_rss_bytes = optional_of<std::uint64_t>(n, "peak_rss_bytes", bytes);
  auto load = n.at("load_1m");
  r.load_before = load.at("before").real();
  r.load_after = load.at("after").real();
  // Absent in files from before runs recorded it.
  if (n.has("noise")) {
    auto v = n.at("noise");
    run_noise noise;
    noise.cpus = v.at("cpus").count();
    noise.steal_s = v.at("steal_s").real();
    noise.involuntary_switches = v.at("involuntary_switches").count();
    noise.noisy = v.at("noisy").boolean();
    if (v.has("others_s"))
      noise.others_s = v.at("others_s").real();
    r.noise = noise;
  }
  r.record.samples = read_samples(n.at("metrics"));
  for (const auto& [key, value] : n.at("checks").members())
    r.record.checks[key] = value.count();
  r.record.facts = read_facts(n.at("facts"));
  for (const auto& p : n.at("parts").items())
    r.record.parts.push_back(
      {p.at("name").text(), read_samples(p.at("metrics")), read_facts(p.at("facts"))});
  r.record.partial = n.at("partial").boolean();
  if (n.has("child_warmup_runs"))
    r.child_warmups = n.at("child_warmup_runs").count();
  return r;
}

configuration_result read_configuration_result(const json_node& n, const declaration& d) {
  configuration_result c;
  c.config = read_configuration(n, d);
  c.source = n.at("source").text();
  c.facts = read_facts(n.at("facts"));
  for (const auto& run : n.at("runs").items())
    c.runs.push_back(read_run(run));
  c.partial = n.at("partial").boolean();
  return c;
}

search_result read_search(const json_node& n, std::size_t configurations) {
  search_result s;
  s.param = n.at("param").text();
  s.largest = n.at("largest").integer();
  s.smallest_failing = n.at("smallest_failing").integer();
  s.resolution = n.at("resolution").real();
  s.memory_bound = n.at("memory_bound").boolean();
  // Absent in files from before the decision rule: one probe decided.
  s.undecided = optional_of<std::int64_t>(n, "undecided", [](const json_node& v) {
                  return v.integer();
                }).value_or(0);
  if (n.has("rule")) {
    const auto& rule = n.at("rule");
    s.rule = search_rule{rule.at("lead").count(), rule.at("max_probes").count(),
                         rule.at("disturbed_slowdown").real()};
    if (rule.has("disturbed_wait"))
      s.rule.disturbed_wait = rule.at("disturbed_wait").real();
  }
  if (n.has("unit"))
    s.unit = n.at("unit").text();
  if (n.has("criterion"))
    s.criterion = n.at("criterion").text();
  // Absent in files of the older rule, which decided value by value.
  if (n.has("stop")) {
    s.stop = n.at("stop").text();
    s.keep_up = n.at("keep_up").real();
    s.confidence = n.at("confidence").real();
    const auto& fit = n.at("fit");
    s.capacity = fit.at("capacity").real();
    s.low = fit.at("low").real();
    // null: unbounded above.
    s.high = fit.has("high") ? fit.at("high").real() : std::numeric_limits<double>::infinity();
    s.slope = fit.at("slope").real();
    s.probe_length = n.at("probe_length").text();
  }
  for (const auto& p : n.at("probes").items()) {
    search_probe probe{p.at("value").integer(), p.at("keeps_up").boolean(),
                       p.at("configuration").count()};
    if (probe.configuration >= configurations)
      p.at("configuration").fail("the index of a configuration");
    if (p.has("slowdown")) {
      probe.slowdown = p.at("slowdown").real();
      probe.disturbed = p.at("disturbed").boolean();
    }
    if (p.has("run_queue_wait"))
      probe.run_queue_wait = p.at("run_queue_wait").real();
    s.probes.push_back(probe);
  }
  return s;
}

// The probes and what they describe; the statistics are recomputed.
noise_record read_noise(const json_node& n, std::size_t configurations) {
  noise_record r;
  for (const auto& cpu : n.at("cpus").items())
    r.cpus.push_back(static_cast<int>(cpu.count()));
  r.pinned = n.at("pinned").boolean();
  r.work_units = n.at("work_units").count();
  r.buffer_bytes = n.at("buffer_bytes").count();
  r.quiet_ms = n.has("quiet_ms") ? n.at("quiet_ms").real() : 0;
  r.margin = n.at("margin").real();
  r.max_noise = optional_of<double>(n, "max_noise", [](const json_node& v) { return v.real(); });
  r.max_repeats = n.at("max_repeats").count();
  for (const auto& p : n.at("probes").items()) {
    noise_sample s;
    s.after_round =
      optional_of<std::size_t>(p, "after_round", [](const json_node& v) { return v.count(); });
    s.cpu_ms = p.at("cpu_ms").reals();
    if (p.has("on_cpu_ms"))
      s.on_cpu_ms = p.at("on_cpu_ms").reals();
    s.discarded = p.at("discarded").boolean();
    r.samples.push_back(std::move(s));
  }
  for (const auto& d : n.at("discarded_runs").items()) {
    auto c = d.at("configuration").count();
    if (c >= configurations)
      d.at("configuration").fail("the index of a configuration");
    r.discarded.push_back({c, read_run(d.at("run"))});
  }
  return r;
}

scenario_results read_schema2(const json_node& doc) {
  scenario_results r;
  r.tool = read_tool(doc.at("tool"));
  r.created = doc.at("created").text();
  r.command_line = doc.at("command_line").texts();
  r.machine = read_machine(doc.at("machine"));
  auto load = doc.at("machine").at("load_average_1m");
  r.load_start = load.at("start").real();
  r.load_end = load.at("end").real();
  r.scenario = read_declaration(doc.at("scenario"));
  r.harness = read_harness(doc.at("harness"));
  r.stopped = optional_of<std::string>(doc, "stopped", [](const json_node& v) {
                return v.text();
              }).value_or("");
  for (const auto& c : doc.at("configurations").items())
    r.configurations.push_back(read_configuration_result(c, r.scenario));
  if (!r.configurations.empty() && r.harness.reference >= r.configurations.size())
    doc.at("harness").at("reference").fail("the index of a configuration");
  r.search = optional_of<search_result>(
    doc, "search", [&](const json_node& v) { return read_search(v, r.configurations.size()); });
  // Absent in files from before the noise monitor.
  if (doc.has("noise"))
    r.noise = read_noise(doc.at("noise"), r.configurations.size());
  return r;
}

// "[json.exception.parse_error.101] parse error at ..." without the prefix,
// on one line.
std::string one_line(std::string s) {
  if (!s.empty() && s.front() == '[')
    if (auto end = s.find("] "); end != std::string::npos)
      s.erase(0, end + 2);
  for (auto& c : s)
    if (c == '\n' || c == '\r')
      c = ' ';
  return s;
}

result<scenario_results> read_document(const json& doc, const std::string& name) {
  const auto quoted = "'" + name + "'";
  // Schema 2 is written by bench::main, in actorbench or in a user's own
  // program named after itself; schema 1 only by actorbench.
  auto tool = doc.find("tool");
  auto schema2 = doc.is_object() && doc.value("schema_version", json()) == 2;
  auto tool_name = tool != doc.end() && tool->is_object() ? tool->value("name", json()) : json();
  if (!tool_name.is_string() || (!schema2 && tool_name != "actorbench"))
    return bad_input(quoted + " is not an actorbench result file");
  json_node top{doc, ""};
  try {
    const auto& v = doc.contains("schema_version") ? doc["schema_version"] : json(1);
    if (v == 2)
      return read_schema2(top);
    if (v == 1) {
      auto r = import_schema1(top, name);
      if (r)
        r->machine = read_machine(top.at("machine"));
      return r;
    }
    return bad_input(quoted + " has schema_version " + one_line(v.dump())
                     + "; this actorbench reads 1 and 2");
  } catch (const json_field_error& e) {
    return bad_input(quoted + ": " + one_line(e.message));
  }
}

} // namespace

result<scenario_results> read_results(const std::string& json_text, const std::string& name) {
  const auto quoted = "'" + name + "'";
  if (json_text.find_first_not_of(" \t\r\n") == std::string::npos)
    return bad_input(quoted + " is empty, not an actorbench result file");
  auto teardown = teardown_values(json_text);
  if (teardown == SIZE_MAX)
    return bad_input(quoted + " is nested more than 512 deep: not an actorbench result file");
  try {
    teardown_reserve reserve{teardown};
    if (!reserve.held())
      return runtime_failure("out of memory reading " + quoted);
    auto doc = json::parse(json_text);
    auto read = read_document(doc, name);
    reserve.release(); // for freeing `doc`
    return read;
  } catch (const json::parse_error& e) {
    return bad_input(quoted + " is not JSON: " + one_line(e.what()));
  } catch (const std::bad_alloc&) {
    // Not the file's fault: the same file may fit on another machine.
    return runtime_failure("out of memory reading " + quoted);
  } catch (const std::exception& e) {
    return bad_input(quoted + " cannot be read: " + one_line(e.what()));
  }
}

} // namespace actorbench::bench
