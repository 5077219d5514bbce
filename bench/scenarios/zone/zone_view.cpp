#include "bench/scenarios/zone/zone_view.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

#include "bench/harness/run_values.hpp"
#include "bench/harness/search_answer.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/pooled_samples.hpp"
#include "bench/output/text_table.hpp"
#include "bench/output/column_labels.hpp"
#include "bench/output/units.hpp"
#include "bench/output/verdict.hpp"

namespace actorbench::bench {

namespace {

constexpr const char* latency_definition =
  "tick latency: from the tick's start (its input packets handed to the player sessions) "
  "until the zone has every player's input and every player's session has handled the "
  "state update";
constexpr const char* missed_definition =
  "missed: a tick complete after its 1/H slot ended, or a slot skipped because an earlier "
  "tick ran past it too (slots are fixed, t0 + k/H: a late tick delays only the next start)";

// The parameters that may be constant (said once above the table) or vary
// (a column each).
const std::vector<std::string> setup_params{"tick-hz", "crypto",   "backend",      "cipher",
                                            "threads", "duration", "payload-bytes"};

// -- figures of one configuration, pooled over its runs ----------------------

double total(const std::vector<double>& values) {
  return std::accumulate(values.begin(), values.end(), 0.0);
}

double fact_total(const configuration_result& c, const std::string& name) {
  double sum = 0;
  for (const auto& run : c.runs)
    if (auto at = run.record.facts.find(name); at != run.record.facts.end())
      if (const auto* v = std::get_if<double>(&at->second))
        sum += *v;
  return sum;
}

std::string count(double v) {
  return std::to_string(static_cast<long long>(std::llround(v)));
}

std::string value_text(const configuration& c, const std::string& name) {
  auto at = c.values.find(name);
  return at == c.values.end() ? std::string{"n/a"} : to_text(at->second);
}

bool varies(const scenario_results& r, const std::string& name) {
  for (const auto& c : r.configurations)
    if (value_text(c.config, name) != value_text(r.configurations.front().config, name))
      return true;
  return false;
}

bool stopped_early(const configuration_result& c) {
  return pooled_samples(c, "latency_s").size() + fact_total(c, "skipped")
         < fact_total(c, "ticks_scheduled");
}

// -- the lines above the table -----------------------------------------------

std::string budget_text(const configuration& c) {
  display_unit ms{"ms", 1e-3};
  return format_in(1.0 / static_cast<double>(c.integer("tick-hz")), ms) + " ms";
}

std::string crypto_text(const scenario_results& r) {
  const auto& first = r.configurations.front();
  if (first.config.word("crypto") == "off")
    return "crypto off (plaintext packets)";
  if (varies(r, "cipher") || varies(r, "backend"))
    return "crypto on";
  auto fact_text = [&](const char* name) {
    auto at = first.facts.find(name);
    const auto* s = at == first.facts.end() ? nullptr : std::get_if<std::string>(&at->second);
    return s == nullptr ? std::string{} : *s;
  };
  auto backend = fact_text("backend");
  return "crypto on (" + (backend.empty() ? "" : backend + "/") + first.config.word("cipher") + ")";
}

std::string setup_line(const scenario_results& r) {
  const auto& c = r.configurations.front().config;
  std::vector<std::string> parts;
  if (!varies(r, "tick-hz"))
    parts.push_back(value_text(c, "tick-hz") + " Hz: tick budget " + budget_text(c));
  if (!varies(r, "crypto"))
    parts.push_back(crypto_text(r));
  if (!varies(r, "threads"))
    parts.push_back(value_text(c, "threads") + " scheduler threads");
  // Files written before --payload-bytes have none: their inputs were 16 bytes.
  if (!varies(r, "payload-bytes") && c.values.count("payload-bytes") != 0)
    parts.push_back(value_text(c, "payload-bytes") + "-byte input payloads");
  if (!varies(r, "duration"))
    parts.push_back(format_value(c.seconds("duration"), "s") + " per "
                    + (r.search ? "probe" : "run"));
  std::string out;
  for (const auto& p : parts)
    out += (out.empty() ? "" : "; ") + p;
  return out;
}

std::string title(const scenario_results& r) {
  const auto& m = r.machine;
  return r.tool.name + " " + r.tool.version + " zone on " + m.cpu_model + ", "
         + counted(m.cores, "core") + "; CAF " + m.caf_version + ", " + m.openssl_version + ", "
         + m.libsodium_version + merged_host_note(r);
}

// -- the table ----------------------------------------------------------------

display_unit time_unit(const scenario_results& r, const table_style& style) {
  std::vector<double> all;
  for (const auto& c : r.configurations) {
    auto lat = pooled_samples(c, "latency_s");
    for (double p : {50.0, 99.0, 99.9, 100.0})
      all.push_back(percentile(lat, p));
    all.push_back(percentile(pooled_samples(c, "fan_in_s"), 50));
  }
  return choose_unit(all, "s", style.time_unit);
}

// "no (disturbed 2.3x)": a failure the decision rule did not count.
std::map<std::size_t, std::string> kept_up(const scenario_results& r) {
  std::map<std::size_t, std::string> out;
  if (r.search)
    for (const auto& p : r.search->probes)
      out[p.configuration] = std::string{p.keeps_up ? "yes" : "no"}
                             + (p.disturbed ? " (disturbed " + fixed(p.slowdown, 1) + "x)" : "");
  return out;
}

// Merged from several files (report a.json b.json): each row names its file.
bool merged(const scenario_results& r) {
  for (const auto& c : r.configurations)
    if (!c.source.empty())
      return true;
  return false;
}

std::vector<std::string> header(const scenario_results& r) {
  std::vector<std::string> h;
  if (merged(r))
    h.emplace_back("file");
  h.emplace_back("players");
  for (const auto& p : setup_params)
    if (varies(r, p))
      h.push_back(p);
  for (auto name :
       {"ticks", "p50", "p99", "p99.9", "max", "missed", "fan-in", "RSS", "cores", "load"})
    h.emplace_back(name);
  if (r.search)
    h.emplace_back("keeps up");
  return h;
}

std::string rss_text(const configuration_result& c) {
  std::optional<std::uint64_t> peak;
  for (const auto& run : c.runs)
    if (run.peak_rss_bytes)
      peak = std::max(peak.value_or(0), *run.peak_rss_bytes);
  return peak ? format_in(static_cast<double>(*peak), {"MiB", 1024.0 * 1024}) : "";
}

std::vector<std::string> row(const scenario_results& r, std::size_t i, const display_unit& t,
                             const std::map<std::size_t, std::string>& probes) {
  const auto& c = r.configurations[i];
  auto lat = pooled_samples(c, "latency_s");
  std::vector<std::string> out;
  if (merged(r))
    out.push_back(c.source);
  out.push_back(value_text(c.config, "players"));
  for (const auto& p : setup_params)
    if (varies(r, p))
      out.push_back(value_text(c.config, p));
  out.push_back(count(static_cast<double>(lat.size())) + "/"
                + count(fact_total(c, "ticks_scheduled")) + (stopped_early(c) ? " (stopped)" : ""));
  for (double p : {50.0, 99.0, 99.9, 100.0})
    out.push_back(lat.empty() ? "n/a" : format_in(percentile(lat, p), t));
  auto fan_in = pooled_samples(c, "fan_in_s");
  out.push_back(count(total(pooled_samples(c, "missed"))));
  out.push_back(fan_in.empty() ? "n/a" : format_in(percentile(fan_in, 50), t));
  out.push_back(rss_text(c));
  auto cores = pooled_samples(c, "cores_used");
  out.push_back(cores.empty() ? "n/a" : fixed(median(cores), 2));
  out.push_back(c.runs.empty() ? "n/a" : fixed(c.runs.front().load_before, 1));
  if (r.search) {
    auto at = probes.find(i);
    out.emplace_back(at == probes.end() ? "" : at->second);
  }
  return out;
}

text_table rows(const scenario_results& r, const display_unit& t) {
  text_table out{header(r)};
  auto probes = kept_up(r);
  for (std::size_t i = 0; i < r.configurations.size(); ++i)
    out.push_back(row(r, i, t, probes));
  return out;
}

std::string units_line(const display_unit& t) {
  return "p50 to max: tick latency, and fan-in: its median until the zone had every input, in "
         + t.name + "; RSS: peak, in MiB; cores: CPU over wall time during the ticks; load: "
         "the 1-minute load average before the run";
}

// Prose in lines of at most `width` columns, broken at spaces.
std::string wrapped(const std::string& text, std::size_t width, const std::string& indent = {}) {
  std::string out, line;
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find(' ', start);
    auto word = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!line.empty() && line.size() + 1 + word.size() > width) {
      out += line + '\n';
      line = indent;
    }
    line += (line.empty() || line == indent ? "" : " ") + word;
    start = end == std::string::npos ? text.size() : end + 1;
  }
  return out + line;
}

// -- below the table ----------------------------------------------------------

std::vector<std::string> run_notes(const configuration_result& c, const display_unit& t,
                                   std::size_t cores) {
  auto checks = [&](const char* name) { return count(static_cast<double>(check_total(c, name))); };
  auto lag = pooled_samples(c, "start_lag_s");
  auto cpu = fact_total(c, "tick_cpu_s"), wall = fact_total(c, "tick_wall_s");
  auto players = static_cast<double>(c.config.integer("players"));
  std::vector<std::string> out{
    "missed " + count(total(pooled_samples(c, "missed"))) + ": " + count(fact_total(c, "late"))
      + " complete late, " + count(fact_total(c, "skipped")) + " slots skipped; largest start lag "
      + (lag.empty() ? "n/a" : format_in(percentile(lag, 100), t) + " " + t.name)
      + (stopped_early(c) ? "; stopped early" : ""),
    "inputs: " + count(fact_total(c, "decrypted")) + " decrypted, " + checks("dropped_inputs")
      + " dropped, " + checks("refused_inputs") + " refused by the zone; every player handled "
      + count(fact_total(c, "ticks_completed")) + " state updates (repeated or out of order "
      + checks("stale_updates") + ", mismatches " + checks("state_mismatches") + ", missing "
      + checks("missing_updates") + ")",
    "process CPU during the ticks: " + fixed(cpu, 2) + " s in " + fixed(wall, 2) + " s ("
      + fixed(wall > 0 ? cpu / wall : 0, 2) + " cores of " + std::to_string(cores) + ")",
    "setup (untimed): " + fixed(fact_total(c, "setup_s"), 3)
      + " s for keys, cipher contexts, sessions, "
      + count(players * (fact_total(c, "ticks_scheduled") + static_cast<double>(c.runs.size())))
      + " input packets and a warm-up tick per run (counted in the inputs above)"};
  for (const auto& run : c.runs)
    if (auto at = run.record.facts.find("problem"); at != run.record.facts.end())
      if (const auto* p = std::get_if<std::string>(&at->second); p != nullptr && !p->empty())
        out.push_back("problem: " + *p);
  return out;
}

std::vector<std::string> search_notes(const scenario_results& r) {
  const auto& s = *r.search;
  std::vector<std::string> out{search_answer(s)};
  // Files of the older rule bisected value by value.
  out.push_back((s.stop.empty() ? "search: doubling, or halving, then bisection to within "
                                    + fixed(s.resolution * 100, 0) + "%; "
                                : std::string{"search: doubling, or halving, until a probe "
                                              "kept up and one failed, then "})
                + "each probe stops once it has missed more than 1% of its ticks; "
                + search_rule_text(s.rule));
  return out;
}

std::vector<std::string> notes(const scenario_results& r, const display_unit& t) {
  std::vector<std::string> out;
  if (r.search) {
    out = search_notes(r);
  } else {
    for (const auto& c : r.configurations) {
      auto prefix = r.configurations.size() > 1
                      ? (c.source.empty() ? "" : c.source + ", ") + "players "
                          + value_text(c.config, "players") + ", #"
                          + std::to_string(c.config.index + 1) + ": "
                      : std::string{};
      for (auto& line : run_notes(c, t, r.machine.cores))
        out.push_back(prefix + line);
    }
  }
  if (!r.stopped.empty())
    out.push_back("interrupted (" + r.stopped + "), so this is partial");
  return out;
}

class zone_view : public view {
 public:
  std::string_view name() const override { return "zone"; }

  void write(const scenario_results& r, const table_style& style,
             std::ostream& out) const override {
    if (r.configurations.empty())
      return;
    auto t = time_unit(r, style);
    if (style.markdown) {
      out << "**" << setup_line(r) << "**\n\n";
      write_markdown_table(rows(r, t), out);
      out << '\n';
      for (const auto& n : notes(r, t))
        out << "- " << n << '\n';
      out << "- " << units_line(t) << "\n- " << latency_definition << "\n- " << missed_definition
          << '\n';
      return;
    }
    auto w = style.width;
    for (const auto& line : {title(r), setup_line(r), std::string{latency_definition} + ";",
                             std::string{missed_definition}, units_line(t)})
      out << wrapped(line, w, "  ") << '\n';
    out << '\n';
    write_aligned(rows(r, t), out);
    out << '\n';
    for (const auto& n : notes(r, t))
      out << wrapped(n, w, "  ") << '\n';
  }
};

} // namespace

const view& zone_table_view() {
  static const zone_view instance;
  return instance;
}

namespace {

// "keeps up: yes — p99 12.1 ms ≤ 50 ms budget, 0 of 200 ticks missed".
std::string keeps_up_text(const configuration_result& c) {
  auto lat = pooled_samples(c, "latency_s");
  if (lat.empty())
    return "keeps up: n/a (no ticks measured)";
  double budget = 1.0 / static_cast<double>(c.config.integer("tick-hz"));
  auto p99 = percentile(lat, 99);
  auto ticks = fact_total(c, "ticks_scheduled");
  auto missed = total(pooled_samples(c, "missed"));
  // The search's rule (zone_session::keeps_up): p99 under the budget, at
  // most 1% of the ticks missed, and not stopped early.
  bool within = p99 < budget && missed <= std::floor(ticks / 100) && !stopped_early(c);
  display_unit ms{"ms", 1e-3};
  return std::string{"keeps up: "} + (within ? "yes" : "no") + " \u2014 p99 "
         + format_in(p99, ms) + " ms " + (p99 < budget ? "<" : "\u2265") + " " + budget_text(c.config)
         + " budget, " + grouped(missed) + " of " + grouped(ticks) + " ticks missed"
         + (stopped_early(c) ? ", stopped early" : "");
}

} // namespace

std::string zone_verdict(const scenario_results& r) {
  if (r.configurations.empty())
    return "no configurations measured";
  // A search's answer is its interval, or "unresolved" (search_answer).
  if (r.search)
    return search_answer(*r.search);
  if (r.configurations.size() == 1)
    return keeps_up_text(r.configurations.front());
  auto labels = label_columns(r.scenario, r.configurations).labels;
  std::string out;
  for (std::size_t i = 0; i < r.configurations.size(); ++i)
    out += (out.empty() ? "" : "; ") + labels[i] + ": " + keeps_up_text(r.configurations[i]);
  return out;
}

} // namespace actorbench::bench
