#include <doctest/doctest.h>

#include <algorithm>

#include "bench/harness/statistics.hpp"
#include "bench/scenarios/shared/cipher_choice.hpp"
#include "bench/scenarios/zone/zone_cipher.hpp"
#include "bench/scenarios/zone/zone_scenario.hpp"
#include "crypto/registry.hpp"
#include "bench/scenarios/zone/zone_session.hpp"
#include "bench/harness/registry.hpp"
#include "fake_run_context.hpp"

namespace actorbench::bench {

namespace {

// A small zone: 0.2 s at 50 Hz is 10 slots.
configuration small_zone(const std::string& crypto, std::int64_t players = 20) {
  configuration c;
  c.values = {{"players", players}, {"tick-hz", std::int64_t{50}},
              {"crypto", crypto},   {"threads", std::int64_t{2}},
              {"duration", 0.2},    {"timeout", 10.0}};
  if (crypto == "on")
    c.values["cipher"] = std::string{"aes-128-gcm"};
  else
    c.not_applicable = {"cipher"};
  return c;
}

} // namespace

TEST_CASE("the zone declares its options, defaults and search") {
  auto s = make_zone_scenario();
  const auto& d = s->declared();
  CHECK(d.name == "zone");
  std::vector<std::string> names;
  for (const auto& p : d.params)
    names.push_back(p.name);
  CHECK(names
        == std::vector<std::string>{"players", "tick-hz", "crypto", "backend", "cipher",
                                    "payload-bytes", "threads", "duration", "timeout",
                                    "find-max", "keep-up", "confidence", "max-probes"});
  CHECK(d.param("payload-bytes")->default_value == "16");
  CHECK(d.param("payload-bytes")->min == 16);
  CHECK(d.param("find-max")->type == param_type::flag);
  CHECK(d.param("players")->default_value == "1000");
  CHECK(d.param("players")->max == 100'000'000);
  CHECK(d.param("tick-hz")->default_value == "20");
  CHECK(d.param("tick-hz")->max == 1000);
  CHECK(d.param("crypto")->default_value == "on");
  const auto* cipher = d.param("cipher");
  CHECK(cipher->default_value == "aes-128-gcm");
  CHECK(cipher->only_if.param == "crypto");
  CHECK(cipher->only_if.words == std::vector<std::string>{"on"});
  CHECK(std::find(cipher->words.begin(), cipher->words.end(), "aes-128-ctr")
        == cipher->words.end());
  CHECK(d.param("threads")->default_value.empty());
  CHECK(d.param("threads")->default_help == "one per core");
  CHECK(d.param("duration")->default_value.empty());
  CHECK_FALSE(d.param("duration")->scan);
  CHECK(d.headline().name == "latency_s");
  CHECK(d.headline().per_run == reduction::p99);
  CHECK(d.checks.size() == 5);
  CHECK(d.defaults.runs == 1);
  CHECK(d.defaults.warmup == 0);
  REQUIRE(d.search);
  CHECK(d.search->param == "players");
  CHECK(d.search->flag == "find-max");
  CHECK(d.search->resolution == doctest::Approx(0.05));
  // --help states the decision rule.
  CHECK(d.param("find-max")->help.find("a logistic curve of keeping up against the log of the "
                                       "value is fitted to every probe")
        != std::string::npos);
  CHECK(d.param("keep-up")->default_value == "90");
  CHECK(d.param("confidence")->default_value == "90");
  CHECK(d.param("find-max")->help.find("more than 1.5x its CPU time")
        != std::string::npos);
  CHECK(s->views().size() == 1);
  registry reg;
  CHECK(reg.add(make_zone_scenario()));
}

TEST_CASE("the zone runs 10 s by default, and 5 s per probe of --find-max, as before") {
  auto s = make_zone_scenario();
  auto c = small_zone("off");
  c.values.erase("duration");
  c.values["find-max"] = false;
  auto search = c;
  search.values["find-max"] = true;
  auto given = c;
  given.values["duration"] = 2.0;
  auto refined = s->refine({c, search, given});
  REQUIRE(refined);
  CHECK((*refined)[0].seconds("duration") == 10.0);
  CHECK((*refined)[1].seconds("duration") == 5.0);
  CHECK((*refined)[2].seconds("duration") == 2.0);
}

TEST_CASE("the zone refuses a cipher that is not one AEAD cipher") {
  auto s = make_zone_scenario();
  auto c = small_zone("on");
  c.values["cipher"] = std::string{"aes-128-ctr"};
  auto refused = s->refine({c});
  REQUIRE_FALSE(refused);
  CHECK(refused.err().code == errc::bad_input);
  CHECK(refused.err().message.find("invalid --cipher 'aes-128-ctr': expected one AEAD cipher")
        == 0);
  c.values["cipher"] = std::string{"rot13"};
  refused = s->refine({c});
  REQUIRE_FALSE(refused);
  CHECK(refused.err().message.find("invalid --cipher 'rot13'") == 0);
  CHECK(s->refine({small_zone("on"), small_zone("off")}));
}

TEST_CASE("the zone estimates its memory per player, input packets included") {
  auto s = make_zone_scenario();
  auto estimate = s->memory(small_zone("on", 1000));
  REQUIRE(estimate);
  CHECK(estimate->param == "players");
  CHECK(estimate->count == 1000);
  CHECK(estimate->items == "players");
  CHECK(estimate->per == "player");
  CHECK(estimate->bytes_per_item > 4096);
  // Bigger packets: 11 of them per player (10 ticks and the warm-up) at 1,000 bytes more.
  auto padded = small_zone("on", 1000);
  padded.values["payload-bytes"] = std::int64_t{1016};
  auto bigger = s->memory(padded);
  REQUIRE(bigger);
  CHECK(bigger->bytes_per_item >= estimate->bytes_per_item + 11 * 1000);
}

TEST_CASE("a small zone run reports every tick, zero checks and its progress") {
  auto s = make_zone_scenario();
  std::vector<configuration> plan{small_zone("on"), small_zone("off")};
  plan[1].values.erase("threads");
  auto session = s->start(plan);
  REQUIRE(session);
  CHECK(plan[1].integer("threads") >= 1);
  for (const auto& c : plan) {
    testing::fake_run_context ctx{c};
    auto r = (*session)->run(ctx);
    REQUIRE(r);
    const auto& lat = r->samples.at("latency_s");
    auto skipped = std::get<double>(r->facts.at("skipped"));
    CHECK(static_cast<double>(lat.size()) + skipped == 10);
    CHECK(std::get<double>(r->facts.at("ticks_scheduled")) == 10);
    CHECK(r->samples.at("fan_in_s").size() == lat.size());
    CHECK(r->samples.at("missed").size() == 1);
    CHECK(std::get<std::vector<double>>(r->facts.at("slot")).size() == lat.size());
    // Not a structured binding: clang 14 cannot capture one in CHECK_MESSAGE.
    for (const auto& check : r->checks)
      CHECK_MESSAGE(check.second == 0, check.first);
    CHECK(r->checks.size() == 5);
    CHECK(std::get<std::string>(r->facts.at("problem")).empty());
    CHECK_FALSE(r->partial);
    REQUIRE_FALSE(ctx.progress_seen.empty());
    CHECK(ctx.progress_seen.back() == doctest::Approx(1.0));
    auto facts = (*session)->facts(c);
    CHECK(std::get<std::string>(facts.at("cipher"))
          == (c.word("crypto") == "on" ? "aes-128-gcm" : "none"));
  }
}

TEST_CASE("a zone run keeps up only with p99 under the budget, few missed and not cut short") {
  auto s = make_zone_scenario();
  std::vector<configuration> plan{small_zone("off")};
  auto session = s->start(plan);
  REQUIRE(session);
  run_record r;
  r.samples["latency_s"] = std::vector<double>(10, 0.001);
  r.samples["missed"] = {0};
  r.facts["skipped"] = 0.0;
  CHECK((*session)->keeps_up(plan[0], r));
  r.samples["latency_s"].back() = 0.5; // p99 of 10 ticks is the largest
  CHECK_FALSE((*session)->keeps_up(plan[0], r));
  r.samples["latency_s"].back() = 0.001;
  r.samples["missed"] = {1}; // 1% of 10 slots rounds down to none
  CHECK_FALSE((*session)->keeps_up(plan[0], r));
  r.samples["missed"] = {0};
  r.samples["latency_s"].pop_back(); // stopped before its last slot
  CHECK_FALSE((*session)->keeps_up(plan[0], r));
  r.samples["latency_s"].push_back(0.001);
  r.partial = true;
  CHECK_FALSE((*session)->keeps_up(plan[0], r));
  plan[0].values["tick-hz"] = std::int64_t{20};
  CHECK((*session)->keeps_up_criterion(plan[0])
        == "at 20 Hz with p99 under 50.0 ms and at most 1% of ticks missed");
}

namespace {

// --backend all --cipher NAME: one crypto-on configuration per back-end.
std::vector<configuration> every_backend_with(const std::string& cipher) {
  std::vector<configuration> plan;
  for (const auto& name : backend_words()) {
    configuration c;
    c.index = plan.size();
    c.values = {{"crypto", std::string{"on"}}, {"backend", name}, {"cipher", cipher}};
    plan.push_back(c);
  }
  return plan;
}

} // namespace

TEST_CASE("zone --backend all keeps the available back-ends offering the AEAD cipher") {
  for (const auto& cipher : aead_cipher_words()) {
    std::vector<std::string> offering;
    for (const auto* b : actorbench::crypto::registry::instance().backends()) {
      const auto* info = b->find_cipher(cipher);
      if (b->is_available() && info != nullptr && info->available)
        offering.emplace_back(b->name());
    }
    auto kept = keep_zone_ciphers(every_backend_with(cipher));
    if (offering.empty()) {
      CHECK_FALSE(kept);
      continue;
    }
    REQUIRE(kept);
    std::vector<std::string> ran;
    for (const auto& c : *kept)
      ran.push_back(c.word("backend"));
    CHECK(ran == offering);
    auto choice = resolve_zone_cipher(kept->front());
    REQUIRE(choice);
    CHECK(choice->first->name() == offering.front());
  }
  // A back-end named (not all) that lacks the cipher is refused, not skipped.
  auto plan = every_backend_with("aes-128-gcm");
  std::vector<configuration> none_only{plan.front()};
  CHECK_FALSE(keep_zone_ciphers(none_only));
}

} // namespace actorbench::bench
