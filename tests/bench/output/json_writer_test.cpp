#include <limits>
#include <sstream>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "bench/output/results_writer.hpp"
#include "sample_results.hpp"

using namespace actorbench::bench;
using nlohmann::json;

namespace {

json sample_json() {
  return json::parse(to_json(testing::sample_results()));
}

} // namespace

TEST_CASE("json_writer: the document has schema_version 2 and its context") {
  auto doc = sample_json();
  CHECK(doc["schema_version"] == 2);
  CHECK(doc["tool"]
        == json{{"name", "actorbench"},
                {"version", "0.2.0"},
                {"git_commit", "3e4bade"},
                {"allocator", "jemalloc"}});
  CHECK(doc["created"] == "2026-12-01T16:20:00Z");
  CHECK(doc["command_line"].size() == 4);
  CHECK(doc["machine"]["hostname"] == "vm");
  CHECK(doc["machine"]["load_average_1m"]["start"] == 0.25);
  CHECK(doc["stopped"] == "signal 2");
  CHECK(doc["harness"]["memory_budget_bytes"] == (1ull << 30));
  CHECK(doc["search"]["probes"][1]["keeps_up"] == false);
  CHECK(doc["search"]["probes"][1]["disturbed"] == true);
  CHECK(doc["search"]["resolved"] == false);
  CHECK(doc["search"]["rule"] == json{{"lead", 3}, {"max_probes", 5}, {"disturbed_slowdown", 2.0}, {"disturbed_wait", 0.0}});
  CHECK(doc["search"]["stop"] == "probe_budget");
  CHECK(doc["search"]["fit"]["capacity"] == 14.5);
  CHECK(doc["search"]["fit"]["high"].is_null()); // unbounded above
  CHECK(doc["search"]["answer"].get<std::string>().rfind("capacity unresolved: at least 11 actors", 0) == 0);
}

TEST_CASE("json_writer: NaN and infinity are written as null") {
  auto r = testing::sample_results();
  r.configurations[0].runs[0].wall_s = std::numeric_limits<double>::infinity();
  auto doc = json::parse(to_json(r));
  CHECK(doc["machine"]["load_average_1m"]["end"].is_null());
  const auto& run = doc["configurations"][0]["runs"][0];
  CHECK(run["wall_s"].is_null());
  CHECK(run["load_1m"]["after"].is_null());
  CHECK(run["facts"]["unknown"].is_null());
  CHECK(run["facts"]["times"] == json::parse("[1.5, null]"));
}

TEST_CASE("json_writer: params are keyed by snake_case and keep their type") {
  auto doc = sample_json();
  const auto& c0 = doc["configurations"][0];
  CHECK(c0["params"]["procs"] == 10);
  CHECK(c0["params"]["message_bytes"].is_number_integer());
  CHECK(c0["params"]["tick"] == 0.01);
  CHECK(c0["params"]["crypto"] == false);
  CHECK_FALSE(c0["params"].contains("cipher"));
  CHECK(c0["not_applicable"] == json::array({"cipher"}));
  CHECK(doc["configurations"][1]["params"]["cipher"] == "chacha");
  CHECK(doc["scenario"]["params"][1]["name"] == "message-bytes");
  CHECK(doc["scenario"]["params"][4]["only_if"] == json{{"param", "crypto"}, {"words", {"on"}}});
  CHECK(doc["scenario"]["params"][0]["only_if"].is_null());
  CHECK(doc["scenario"]["metrics"][2]["per_run"] == "p99");
  CHECK(doc["scenario"]["metrics"][3]["better"] == "higher");
}

TEST_CASE("json_writer: the label names what varies between configurations") {
  auto doc = sample_json();
  CHECK(doc["configurations"][0]["label"] == "procs=10, crypto=off, cipher=n/a");
  CHECK(doc["configurations"][1]["label"] == "procs=20, crypto=on, cipher=chacha");
}

TEST_CASE("json_writer: runs keep every raw sample, parts and facts") {
  auto doc = sample_json();
  const auto& run = doc["configurations"][1]["runs"][1];
  CHECK(run["metrics"]["latency_s"].size() == 4);
  CHECK(run["checks"]["mismatches"] == 1);
  CHECK(run["partial"] == true);
  CHECK(run["start_rss_bytes"].is_null());
  CHECK(run["peak_rss_bytes"] == (3u << 20));
  CHECK(run["parts"][0]["name"] == "node \"a\", 1");
  CHECK(run["parts"][0]["metrics"]["replies_s"] == json::array({0.0009}));
  CHECK(run["facts"]["keys"] == json::array({"a", "b"}));
  CHECK(doc["configurations"][1]["partial"] == true);
}

TEST_CASE(
  "json_writer: derived holds per-run statistics, check totals, the ratio to the reference") {
  auto doc = sample_json();
  const auto& d = doc["configurations"][0]["derived"];
  CHECK(d["stats"]["replies_s"]["count"] == 2);
  // A per-event metric: one value per run (its reduction), not every event.
  CHECK(d["stats"]["latency_s"]["count"] == 2);
  CHECK(d["stats"]["rate"]["max"] == 1e6);
  CHECK(d["checks"] == json{{"mismatches", 1}, {"missed_ticks", 0}});
  CHECK(d["relative"].is_null()); // the reference itself
  const auto& other = doc["configurations"][1]["derived"]["relative"];
  REQUIRE(other.is_object());
  CHECK(other["reference"] == 0);
  CHECK(other["metric"] == "replies_s");
  CHECK(other["low"] <= other["ratio"]);
  CHECK(other["ratio"] <= other["high"]);
}

TEST_CASE("json_writer: the writer writes what to_json returns") {
  auto r = testing::sample_results();
  std::ostringstream out;
  make_json_writer()->write(r, out);
  CHECK(out.str() == to_json(r));
}
