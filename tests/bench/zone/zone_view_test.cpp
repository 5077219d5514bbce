#include <doctest/doctest.h>

#include <sstream>

#include "bench/scenarios/zone/zone_scenario.hpp"
#include "bench/scenarios/zone/zone_view.hpp"

namespace actorbench::bench {

namespace {

// One run of `players` at 50 Hz, 10 slots, every tick `latency_s` long.
configuration_result zone_result(std::int64_t players, double latency_s, double missed) {
  configuration_result c;
  c.config.index = players == 128 ? 0 : 1;
  c.config.values = {{"players", players},
                     {"tick-hz", std::int64_t{50}},
                     {"crypto", std::string{"on"}},
                     {"cipher", std::string{"aes-128-gcm"}},
                     {"threads", std::int64_t{2}},
                     {"duration", 0.2},
                     {"timeout", 10.0}};
  c.facts = {{"backend", std::string{"openssl"}}, {"cipher", std::string{"aes-128-gcm"}}};
  run_result run;
  run.peak_rss_bytes = 3 * 1024 * 1024;
  run.load_before = 0.5;
  auto& r = run.record;
  r.samples["latency_s"] = std::vector<double>(10, latency_s);
  r.samples["fan_in_s"] = std::vector<double>(10, latency_s / 2);
  r.samples["start_lag_s"] = std::vector<double>(10, 0.0001);
  r.samples["missed"] = {missed};
  r.samples["cores_used"] = {1.25};
  for (auto name :
       {"dropped_inputs", "refused_inputs", "stale_updates", "state_mismatches", "missing_updates"})
    r.checks[name] = 0;
  r.facts = {{"ticks_scheduled", 10.0},
             {"late", missed},
             {"skipped", 0.0},
             {"ticks_completed", 11.0},
             {"decrypted", 11.0 * players},
             {"setup_s", 0.012},
             {"tick_cpu_s", 0.25},
             {"tick_wall_s", 0.2},
             {"problem", std::string{}}};
  c.runs.push_back(run);
  return c;
}

scenario_results zone_results() {
  scenario_results r;
  r.tool.version = "1.2.3";
  r.machine.cores = 2;
  r.scenario = make_zone_scenario()->declared();
  r.configurations = {zone_result(128, 0.000512, 0), zone_result(256, 0.0305, 3)};
  return r;
}

std::string zone_table(const scenario_results& r, table_style style = {}) {
  std::ostringstream out;
  zone_table_view().write(r, style, out);
  return out.str();
}

bool has_line_starting(const std::string& text, const std::string& start) {
  std::istringstream in{text};
  for (std::string line; std::getline(in, line);)
    if (line.rfind(start, 0) == 0)
      return true;
  return false;
}

// Notes as one line each again: wrapped lines go on with two spaces.
std::string unwrapped(std::string text) {
  for (auto at = text.find("\n  "); at != std::string::npos; at = text.find("\n  "))
    text.replace(at, 3, " ");
  return text;
}

} // namespace

TEST_CASE("the zone view draws a row per configuration with its constants above") {
  auto text = zone_table(zone_results());
  CHECK(zone_table_view().name() == "zone");
  CHECK(text.find("50 Hz: tick budget 20.0 ms; crypto on (openssl/aes-128-gcm); 2 scheduler "
                  "threads; 200 ms per run")
        != std::string::npos);
  CHECK(has_line_starting(text, "players  ticks"));
  CHECK(has_line_starting(text, "128      10/10"));
  CHECK(has_line_starting(text, "256      10/10"));
  // One time unit for the column, with at least three significant digits.
  CHECK(text.find("µs; RSS") != std::string::npos);
  CHECK(has_line_starting(text, "128      10/10    512    512    512    512       0"));
  CHECK(has_line_starting(text, "256      10/10  30500  30500  30500  30500       3"));
  CHECK(text.find("missed 3: 3 complete late, 0 slots skipped") != std::string::npos);
  CHECK(text.find("inputs: 2816 decrypted, 0 dropped, 0 refused by the zone") != std::string::npos);
  std::istringstream in{text};
  for (std::string line; std::getline(in, line);)
    CHECK_MESSAGE(line.size() <= 100, line);
}

TEST_CASE("the zone view shows a search's answer and which probes kept up") {
  auto r = zone_results();
  search_result s;
  s.param = "players";
  s.largest = 128;
  s.smallest_failing = 256;
  s.resolution = 0.05;
  s.probes = {{128, true, 0}, {256, false, 1, 2.3, true}};
  s.unit = "players";
  s.criterion = "at 50 Hz with p99 under 20.0 ms and at most 1% of ticks missed";
  s.stop = "precise";
  s.keep_up = 0.9;
  s.confidence = 0.9;
  s.capacity = 190;
  s.low = 181;
  s.high = 199;
  s.probe_length = "0.2 s";
  r.search = s;
  r.stopped = "signal 2";
  auto text = zone_table(r);
  CHECK(text.find("200 ms per probe") != std::string::npos);
  CHECK(text.find("keeps up") != std::string::npos);
  CHECK(has_line_starting(text, "capacity 190 players (keeps up in ≥90% of 0.2 s probes at 50 Hz "
                                "with p99 under 20.0 ms"));
  CHECK(unwrapped(text).find("[181, 199] 90% CI, from 2 probes (1 disturbed, not counted)")
        != std::string::npos);
  CHECK(unwrapped(text).find("fitted to every probe") != std::string::npos);
  CHECK(unwrapped(text).find("interrupted (signal 2), so this is partial") != std::string::npos);
  auto lines = std::istringstream{text};
  bool yes = false, no = false;
  for (std::string line; std::getline(lines, line);) {
    yes = yes || (line.rfind("128 ", 0) == 0 && line.find("yes") != std::string::npos);
    no = no || (line.rfind("256 ", 0) == 0 && line.find("no (disturbed 2.3x)") != std::string::npos);
  }
  CHECK(yes);
  CHECK(no);
}

TEST_CASE("the zone view names a varying parameter per row and draws Markdown") {
  auto r = zone_results();
  r.configurations[1].config.values["tick-hz"] = std::int64_t{100};
  table_style style;
  style.markdown = true;
  auto text = zone_table(r, style);
  CHECK(text.find("| players | tick-hz | ticks |") != std::string::npos);
  CHECK(text.find("Hz: tick budget") == std::string::npos);
  CHECK(text.find("| 256 | 100 |") != std::string::npos);
}

} // namespace actorbench::bench
