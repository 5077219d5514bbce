#include <cmath>
#include <fstream>
#include <sstream>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "output/missing_values.hpp"
#include "bench/output/results_writer.hpp"
#include "sample_results.hpp"

using namespace actorbench::bench;
using nlohmann::json;

namespace {

std::string schema1_fanout() {
  std::ifstream in{ACTORBENCH_SCHEMA1_FANOUT};
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The error of reading `doc`, which must fail.
std::string refusal(const std::string& text) {
  auto r = read_results(text, "x.json");
  REQUIRE_FALSE(r);
  CHECK(r.err().code == errc::bad_input);
  return r.err().message;
}

// The sample's JSON changed by `edit`.
template <class F>
std::string edited(F edit) {
  auto doc = json::parse(to_json(testing::sample_results()));
  edit(doc);
  return doc.dump();
}

} // namespace

TEST_CASE("json_reader: write, read and write again gives the same JSON") {
  auto first = to_json(testing::sample_results());
  auto read = read_results(first, "sample.json");
  REQUIRE(read);
  CHECK(to_json(*read) == first);
}

TEST_CASE("json_reader: the noise monitor's record comes back, and older files have none") {
  auto first = to_json(testing::noisy_sample_results());
  auto read = read_results(first, "noisy.json");
  REQUIRE(read);
  CHECK(to_json(*read) == first);
  REQUIRE(read->noise);
  CHECK(read->noise->samples.size() == 4);
  CHECK(read->noise->quiet_ms == 2.9);
  CHECK_FALSE(read->noise->samples[0].after_round);
  CHECK(read->noise->samples[2].discarded);
  CHECK(read->noise->samples[2].on_cpu_ms == std::vector<double>{2.7, 2.9});
  REQUIRE(read->noise->discarded.size() == 1);
  CHECK(read->noise->discarded[0].configuration == 1);
  const auto& run = read->configurations.at(1).runs.at(0);
  REQUIRE(run.noise);
  CHECK(run.noise->cpus == 2);
  CHECK(run.noise->steal_s == 0.25);
  CHECK(run.noise->involuntary_switches == 40);
  CHECK(run.noise->noisy);
  auto doc = json::parse(first);
  doc.erase("noise");
  for (auto& c : doc["configurations"])
    for (auto& r : c["runs"])
      r.erase("noise");
  auto old = read_results(doc.dump(), "older.json");
  REQUIRE(old);
  CHECK_FALSE(old->noise);
  CHECK_FALSE(old->configurations.at(1).runs.at(0).noise);
  doc = json::parse(first);
  doc["noise"]["discarded_runs"][0]["configuration"] = 7;
  CHECK(refusal(doc.dump()).find("noise.discarded_runs[0].configuration") != std::string::npos);
}

TEST_CASE("json_reader: values come back typed and kebab-case, NaN as NaN") {
  auto r = read_results(to_json(testing::sample_results()), "sample.json");
  REQUIRE(r);
  const auto& c = r->configurations.at(1);
  CHECK(c.config.integer("message-bytes") == 64);
  CHECK(c.config.seconds("tick") == 0.01);
  CHECK(c.config.flag("crypto"));
  CHECK(c.config.word("cipher") == "chacha");
  CHECK(c.config.text("note") == "said \"hi\", twice");
  CHECK(r->configurations[0].config.not_applicable == std::vector<std::string>{"cipher"});
  CHECK(std::isnan(c.runs[0].load_after));
  CHECK(std::isnan(std::get<double>(c.runs[0].record.facts.at("unknown"))));
  CHECK(std::get<std::vector<std::string>>(c.runs[0].record.facts.at("keys")).size() == 2);
  CHECK(c.runs[1].record.partial);
  CHECK_FALSE(c.runs[1].start_rss_bytes);
  CHECK(r->scenario.search->param == "procs");
  CHECK(r->scenario.find_metric("latency_s")->per_run == reduction::p99);
  CHECK(r->search->smallest_failing == 20);
  CHECK(r->search->undecided == 15);
  CHECK(r->search->rule.lead == 3);
  CHECK(r->search->rule.max_probes == 5);
  CHECK(r->search->rule.disturbed_slowdown == 2.0);
  CHECK(r->search->unit == "actors");
  CHECK(r->search->criterion == "with replies under 1 ms");
  CHECK(r->search->probes[1].disturbed);
  CHECK(r->search->probes[1].slowdown == 2.5);
  CHECK_FALSE(r->search->probes[0].disturbed);
  CHECK(r->stopped == "signal 2");
}

TEST_CASE("json_reader: a schema 1 fan-out file is imported into schema 2") {
  auto r = read_results(schema1_fanout(), "old.json");
  REQUIRE(r);
  CHECK(r->scenario.name == "fanout");
  CHECK(r->scenario.headline().name == "replies_s");
  CHECK(r->scenario.find_metric("spawn_done_s")->phase);
  REQUIRE(r->configurations.size() == 2);
  const auto& off = r->configurations[0];
  const auto& on = r->configurations[1];
  CHECK(off.config.integer("procs") == 100);
  CHECK_FALSE(off.config.flag("crypto"));
  CHECK_FALSE(off.config.applies("cipher"));
  CHECK(on.config.word("cipher") == "aes-128-ctr");
  CHECK(on.config.word("clock") == "lean");
  REQUIRE(on.runs.size() == 2);
  CHECK(on.runs[1].record.samples.at("replies_s").size() == 1);
  CHECK(on.runs[0].record.samples.count("teardown_done_s") == 1);
  CHECK(on.runs[0].record.checks.at("missing_ids") == 0);
  CHECK(on.runs[0].peak_rss_bytes);
  CHECK(std::isnan(on.runs[0].wall_s));
  CHECK(std::get<std::string>(on.facts.at("plaintext")) == "Hello World!");
  CHECK(r->machine.caf_version == "0.17.6");
  CHECK(r->harness.runs == 2);
  // The import writes as schema 2 and reads back the same.
  auto v2 = to_json(*r);
  auto again = read_results(v2, "new.json");
  REQUIRE(again);
  CHECK(to_json(*again) == v2);
}

TEST_CASE("json_reader: schema 1 nodes become parts and totals sit on the first run") {
  auto doc = json::parse(schema1_fanout());
  auto& x = doc["results"][0];
  x["mismatch_detail"]["missing_ids"] = 3;
  x["nodes"] = json::parse(R"([{"name": "10.0.0.2:4242", "senders": 50, "replies": [50, 49],
                                 "replies_in_s": [0.5, 0.25], "teardown_done_s": [0.75, 0.5]}])");
  auto r = read_results(doc.dump(), "nodes.json");
  REQUIRE(r);
  const auto& runs = r->configurations[0].runs;
  CHECK(runs[0].record.checks.at("missing_ids") == 3);
  CHECK(runs[1].record.checks.at("missing_ids") == 0);
  REQUIRE(runs[1].record.parts.size() == 1);
  const auto& part = runs[1].record.parts[0];
  CHECK(part.name == "10.0.0.2:4242");
  CHECK(part.samples.at("replies_s") == std::vector<double>{0.25});
  CHECK(std::get<double>(part.facts.at("replies")) == 49);
  CHECK(std::get<double>(part.facts.at("senders")) == 50);
}

TEST_CASE("json_reader: other schema 1 files are refused by name") {
  auto msg = refusal(R"({"tool": {"name": "actorbench", "version": "0.1.0", "benchmark": "keygen"},
                         "results": []})");
  CHECK(msg == "'x.json' is a keygen result of schema 1 (actorbench 0.1.0): re-run it to read it");
}

TEST_CASE("json_reader: refusals name the file and the problem in one line") {
  CHECK(refusal("") == "'x.json' is empty, not an actorbench result file");
  CHECK(refusal("{\"tool\": ").rfind("'x.json' is not JSON: ", 0) == 0);
  CHECK(refusal(R"({"name": "hyperfine"})") == "'x.json' is not an actorbench result file");
  CHECK(refusal(edited([](json& d) { d["schema_version"] = 3; }))
        == "'x.json' has schema_version 3; this actorbench reads 1 and 2");
  CHECK(refusal(edited([](json& d) { d["configurations"][0]["runs"][1].erase("wall_s"); }))
        == "'x.json': configurations[0].runs[1].wall_s is missing");
  CHECK(refusal(edited([](json& d) { d["configurations"][1]["params"]["procs"] = "ten"; }))
        == "'x.json': configurations[1].params.procs is not an integer");
  CHECK(refusal(edited([](json& d) { d["machine"]["cores"] = -2; }))
        == "'x.json': machine.cores is not a non-negative integer");
  CHECK(refusal(edited([](json& d) { d["configurations"][0]["params"]["threads"] = 2; }))
        == "'x.json': configurations[0].params.threads is not a parameter of sample");
  CHECK(refusal(edited([](json& d) { d["configurations"][0]["params"].erase("tick"); }))
        == "'x.json': configurations[0].params has no tick");
  CHECK(refusal(edited([](json& d) { d["scenario"]["metrics"][0]["better"] = "up"; }))
        == "'x.json': scenario.metrics[0].better is not lower or higher");
  CHECK(refusal(edited([](json& d) { d.erase("stopped"); })) == "'x.json': stopped is missing");
  CHECK(refusal(edited([](json& d) { d["harness"]["reference"] = 7; }))
        == "'x.json': harness.reference is not the index of a configuration");
}

TEST_CASE(
  "json_reader: schema 2 from a user's own program is read; schema 1 only from actorbench") {
  auto r = testing::sample_results();
  r.tool.name = "chat_room";
  auto back = read_results(to_json(r), "chat.json");
  REQUIRE(back);
  CHECK(back->tool.name == "chat_room");
  auto v1 = R"({"schema_version": 1, "tool": {"name": "other"}, "results": []})";
  auto refused = read_results(v1, "old.json");
  REQUIRE_FALSE(refused);
  CHECK(refused.err().message.find("is not an actorbench result file") != std::string::npos);
}

TEST_CASE("json_reader: derived and label are ignored on read") {
  auto text = edited([](json& d) {
    d["configurations"][0]["derived"] = nullptr;
    d["configurations"][0]["label"] = "anything";
  });
  auto r = read_results(text, "x.json");
  REQUIRE(r);
  CHECK(to_json(*r) == to_json(testing::sample_results()));
}

TEST_CASE("json_reader: null metrics are missing values, named once per configuration") {
  auto text = edited([](json& d) {
    d["configurations"][1]["runs"][0]["metrics"]["replies_s"] = json::parse("[null]");
    d["configurations"][1]["runs"][1]["metrics"]["latency_s"][0] = nullptr;
  });
  auto r = read_results(text, "x.json");
  REQUIRE(r);
  CHECK(std::isnan(r->configurations[1].runs[0].record.samples.at("replies_s").at(0)));
  auto notes = missing_value_notes(*r, "x.json");
  REQUIRE(notes.size() == 2);
  CHECK(notes[0].rfind("'x.json' configuration 1 (", 0) == 0);
  CHECK(notes[0].find("): latency_s has 1 missing value of ") != std::string::npos);
  CHECK(notes[1].find("): replies_s has 1 missing value of 2, left out of the statistics")
        != std::string::npos);
  CHECK(missing_value_notes(testing::sample_results(), "x.json").empty());
}

TEST_CASE("json_reader: NaN, Infinity and numbers beyond a double are refused in one line") {
  auto text = edited([](json& d) { d["configurations"][0]["runs"][1]["metrics"]["rate"][0] = 7; });
  auto at = text.find("[7]");
  REQUIRE(at != std::string::npos);
  for (const char* huge : {"1e999", "-1e999"}) {
    auto hostile = text;
    hostile.replace(at + 1, 1, huge);
    CHECK(refusal(hostile)
          == "'x.json' cannot be read: number overflow parsing '" + std::string{huge} + "'");
  }
  for (const char* token : {"NaN", "Infinity", "-Infinity"}) {
    auto hostile = text;
    hostile.replace(at + 1, 1, token);
    CHECK(refusal(hostile).rfind("'x.json' is not JSON: ", 0) == 0);
  }
}
