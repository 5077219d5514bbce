// Schema 1 (actorbench 0.1) wrote one layout per command; only the fan-out's
// holds enough to become schema 2: its runs, phases, mismatches, payload and
// nodes. The others lack the per-run records, so they are refused by name.

#include "output/json_v1_import.hpp"

#include <limits>
#include <set>

namespace actorbench::bench {

namespace {

constexpr double unknown = std::numeric_limits<double>::quiet_NaN();

// The fan-out as schema 1 knew it: enough of a declaration for tables,
// CSV and diff of imported files; bench/fanout declares the real one.
declaration fanout_declaration(const std::set<std::string>& ciphers) {
  declaration d{"fanout",
                "Spawns procs actors that each send one (optionally encrypted) message to a "
                "collector and reply (imported from schema 1)"};
  d.integer("procs").range(1, 100'000'000).def("10000").unit("actors").help("actors spawned");
  d.flag("crypto").def("off").help("encrypt each message");
  d.word("backend", {"none", "openssl", "sodium"}).def("openssl").help("crypto back-end");
  d.word("cipher", {ciphers.begin(), ciphers.end()}).only_if("crypto", {"on"}).help("cipher");
  d.word("context", {"per-message", "per-actor", "per-thread"}).help("cipher context reuse");
  d.integer("threads").range(1, 4096).unit("threads").help("scheduler threads");
  d.word("policy", {"stealing", "sharing"}).def("stealing").help("scheduler policy");
  d.word("spawn", {"main", "chain"}).def("main").help("who spawns the actors");
  d.word("clock", {"lean", "caf"}).def("lean").help("how the run is timed");
  d.metric("replies_s", "s").headline().help("time until every reply arrived");
  d.metric("spawn_done_s", "s").phase().help("time until every actor was spawned");
  d.metric("teardown_done_s", "s").phase().help("time until every actor was gone");
  d.check("wrong_plaintext", "replies whose plaintext was wrong");
  d.check("failed_decrypts", "messages that did not decrypt");
  d.check("duplicate_ids", "replies that came twice");
  d.check("missing_ids", "replies that never came");
  return d;
}

std::vector<double> series_of(const json_node& phases, const char* key, std::size_t runs) {
  auto out = phases.at(key).reals();
  if (out.size() != runs)
    throw json_field_error{phases.at(key).path() + " has " + std::to_string(out.size())
                           + " values but samples_s has " + std::to_string(runs)};
  return out;
}

std::optional<std::uint64_t> nth_count(const json_node& m, const char* key, std::size_t i) {
  if (!m.has(key) || !m.at(key).value().is_array())
    return std::nullopt; // the first files had one scalar for all runs
  auto items = m.at(key).items();
  return i < items.size() ? std::optional{items[i].count()} : std::nullopt;
}

std::vector<part_record> parts_of(const json_node& x, std::size_t run) {
  std::vector<part_record> out;
  if (!x.has("nodes"))
    return out;
  for (const auto& n : x.at("nodes").items()) {
    auto replies = n.at("replies").reals();
    auto replies_s = n.at("replies_in_s").reals();
    auto teardown_s = n.at("teardown_done_s").reals();
    if (replies.size() <= run || replies_s.size() <= run || teardown_s.size() <= run)
      throw json_field_error{n.path() + " does not have one value per run"};
    part_record p;
    p.name = n.at("name").text();
    p.samples = {{"replies_s", {replies_s[run]}}, {"teardown_done_s", {teardown_s[run]}}};
    p.facts = {{"senders", static_cast<double>(n.at("senders").count())},
               {"replies", replies[run]}};
    out.push_back(std::move(p));
  }
  return out;
}

std::vector<run_result> runs_of(const json_node& x) {
  auto replies = x.at("samples_s").reals();
  auto phases = x.at("phases_s");
  auto spawn = series_of(phases, "spawn_done", replies.size());
  auto teardown = series_of(phases, "teardown_done", replies.size());
  auto detail = x.at("mismatch_detail");
  std::vector<run_result> out;
  for (std::size_t i = 0; i < replies.size(); ++i) {
    run_result r;
    r.index = r.round = i;
    r.started_s = r.wall_s = r.cpu.user_s = r.cpu.system_s = unknown;
    r.load_before = r.load_after = unknown;
    if (x.has("memory")) {
      r.start_rss_bytes = nth_count(x.at("memory"), "start_rss_bytes", i);
      r.peak_rss_bytes = nth_count(x.at("memory"), "peak_rss_bytes", i);
    }
    r.record.samples = {{"replies_s", {replies[i]}},
                        {"spawn_done_s", {spawn[i]}},
                        {"teardown_done_s", {teardown[i]}}};
    // Schema 1 kept only each configuration's totals: the first run carries them.
    for (const char* check : {"wrong_plaintext", "failed_decrypts", "duplicate_ids", "missing_ids"})
      r.record.checks[check] = i == 0 ? detail.at(check).count() : 0;
    r.record.parts = parts_of(x, i);
    out.push_back(std::move(r));
  }
  return out;
}

configuration configuration_of(const json_node& p, std::size_t index) {
  auto crypto = p.at("crypto").text();
  if (crypto != "on" && crypto != "off")
    p.at("crypto").fail("\"on\" or \"off\"");
  configuration c;
  c.index = index;
  c.values["procs"] = static_cast<std::int64_t>(p.at("procs").count());
  c.values["crypto"] = crypto == "on";
  c.values["backend"] = p.at("backend").text();
  if (crypto == "on")
    c.values["cipher"] = p.at("cipher").text();
  else
    c.not_applicable.push_back("cipher");
  // Files from before these options ran what are their defaults now.
  c.values["context"] = p.has("context") ? p.at("context").text() : "per-actor";
  c.values["threads"] = static_cast<std::int64_t>(p.at("threads").count());
  c.values["policy"] = p.at("policy").text();
  c.values["spawn"] = p.has("spawn") ? p.at("spawn").text() : "main";
  c.values["clock"] = p.has("clock") ? p.at("clock").text() : "caf";
  return c;
}

by_name<fact> facts_of(const json_node& x) {
  auto payload = x.at("payload");
  by_name<fact> out;
  for (const char* key : {"plaintext", "key_hex", "iv_hex", "ciphertext_hex"})
    out[key] = payload.at(key).text();
  if (auto p = x.at("params"); p.has("pin") && !p.at("pin").items().empty())
    out["pin"] = p.at("pin").reals();
  return out;
}

configuration_result configuration_result_of(const json_node& x, std::size_t index) {
  configuration_result c;
  c.config = configuration_of(x.at("params"), index);
  c.facts = facts_of(x);
  c.runs = runs_of(x);
  c.partial = (x.has("partial") && x.at("partial").boolean())
              || c.runs.size() < x.at("params").at("runs").count();
  return c;
}

void read_harness(const json_node& doc, const json_node& first, scenario_results& r) {
  r.harness.runs = first.at("params").at("runs").count();
  r.harness.warmup = first.at("params").at("warmup").count();
  if (doc.has("order")) {
    r.harness.shuffle = doc.at("order").at("shuffle").boolean();
    r.harness.seed = doc.at("order").at("seed").count();
  }
  r.harness.reference = doc.has("reference") ? doc.at("reference").count() : 0;
  if (r.harness.reference >= r.configurations.size())
    doc.at("reference").fail("the index of a result");
}

scenario_results import_fanout(const json_node& doc) {
  auto results = doc.at("results").items();
  if (results.empty())
    doc.at("results").fail("a list of at least one result");
  scenario_results r;
  auto tool = doc.at("tool");
  r.tool.version = tool.at("version").text();
  r.tool.git_commit = tool.has("git_commit") ? tool.at("git_commit").text() : "unknown";
  r.tool.allocator = tool.has("allocator") ? tool.at("allocator").text() : "";
  r.load_start = r.load_end = unknown;
  std::set<std::string> ciphers;
  for (std::size_t i = 0; i < results.size(); ++i) {
    r.configurations.push_back(configuration_result_of(results[i].object(), i));
    ciphers.insert(results[i].at("params").at("cipher").text());
  }
  r.scenario = fanout_declaration(ciphers);
  read_harness(doc, results.front(), r);
  return r;
}

} // namespace

result<scenario_results> import_schema1(const json_node& doc, const std::string& name) {
  auto tool = doc.at("tool");
  if (auto benchmark = tool.find("benchmark");
      benchmark && benchmark->is_string() && *benchmark != "fanout") {
    auto version = tool.has("version") && tool.at("version").value().is_string()
                     ? tool.at("version").text()
                     : "unknown";
    return bad_input("'" + name + "' is a " + benchmark->get<std::string>()
                     + " result of schema 1 (actorbench " + version + "): re-run it to read it");
  }
  if (!doc.find("results"))
    return bad_input("'" + name + "' is not an actorbench result file");
  return import_fanout(doc);
}

} // namespace actorbench::bench
