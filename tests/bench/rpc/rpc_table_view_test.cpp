#include <doctest/doctest.h>

#include <regex>
#include <sstream>

#include "bench/scenarios/rpc/rpc_scenario.hpp"
#include "bench/scenarios/rpc/rpc_table_view.hpp"

namespace actorbench::bench {

namespace {

// Two rounds of `mode`, every request `latency_s` long, 100 requests/s.
configuration_result rpc_result(const std::string& mode, double latency_s, bool reconnect) {
  configuration_result c;
  c.config.index = mode == "plain" ? 0 : 1;
  c.config.values = {{"mode", mode},
                     {"name", std::string{}},
                     {"requests", std::int64_t{4}},
                     {"warmup", std::int64_t{2}},
                     {"reconnect", reconnect},
                     {"spin-us", std::int64_t{100}}};
  c.facts = {{"target", std::string{mode == "plain" ? "127.0.0.1:4242" : "127.0.0.1:4243"}},
             {"first_connect_s", 0.0025}};
  for (int round = 0; round < 2; ++round) {
    run_result run;
    run.record.samples["latency_s"] = {latency_s, latency_s};
    run.record.samples["requests_per_s"] = {100};
    if (reconnect) {
      run.record.samples["connect_s"] = {latency_s / 2, latency_s / 2};
      run.record.samples["setup_s"] = {0.001, 0.001};
    }
    c.runs.push_back(run);
  }
  return c;
}

std::string rpc_table(bool reconnect, table_style style = {}) {
  scenario_results r;
  r.tool.version = "1.2.3";
  r.scenario = make_rpc_scenario()->declared();
  r.configurations = {rpc_result("plain", 0.000125, reconnect),
                      rpc_result("tls", 0.00025, reconnect)};
  std::ostringstream out;
  rpc_table_view().write(r, style, out);
  return out.str();
}

bool has(const std::string& text, const std::string& pattern) {
  return std::regex_search(text, std::regex{pattern, std::regex::multiline});
}

} // namespace

TEST_CASE("rpc table view: a column per mode, time per request and the TLS overhead") {
  auto text = rpc_table(false);
  CHECK(rpc_table_view().name() == "rpc-table");
  CHECK(
    has(text, "rpc: hello\\(\"\"\\) to 127.0.0.1:4242 \\(plain\\) and 127.0.0.1:4243 \\(TLS\\)$"));
  CHECK(has(text,
            "^4 requests per mode in 2 interleaved runs after 2 warm-up; one persistent "
            "connection$"));
  CHECK(has(text, "plain +TLS \\(client certs\\)$"));
  // µs, so that three significant digits show.
  CHECK(has(text, "^median \\(µs/request\\) +125 +250$"));
  CHECK(has(text, "^requests/s \\(wall, all included\\) +100 +100$"));
  CHECK(has(text, "^first connect \\+ handshakes \\(ms\\) +2.50 +2.50$"));
  CHECK(has(text, "^requests measured +4 +4$"));
  CHECK(has(text, "^TLS overhead, median ms/request: \\+100.0%"));
  CHECK(has(text, "^p = "));
  std::istringstream in{text};
  for (std::string line; std::getline(in, line);)
    CHECK_MESSAGE(line.size() <= 100, line);
}

TEST_CASE("rpc table view with --reconnect shows the connection's costs") {
  auto text = rpc_table(true);
  CHECK(has(text, "a new connection per request"));
  CHECK(has(text, "^connect \\+ handshakes, median \\(µs\\) +62.5 +125$"));
  CHECK(has(text, "^request after connect, median \\(µs\\) +62.5 +125$"));
  CHECK(has(text, "^client system start \\+ stop, median \\(ms\\) +1.00 +1.00$"));
  CHECK(has(text, "^TLS handshake cost per new connection: 62.5 µs"));
}

TEST_CASE("rpc table view draws Markdown") {
  table_style style;
  style.markdown = true;
  auto text = rpc_table(false, style);
  CHECK(has(text, "^\\| median \\(µs/request\\) \\| 125 \\| 250 \\|$"));
  CHECK(has(text, "^- TLS overhead, median ms/request: "));
}

} // namespace actorbench::bench
