#include <doctest/doctest.h>

#include "bench/scenarios/shared/suite_fault.hpp"
#include "bench/scenarios/shared/suite_scenario.hpp"
#include "fake_run_context.hpp"
#include "suite_values.hpp"

namespace actorbench::bench {

namespace {

// A toy suite benchmark: seals and opens N payloads on the calling thread,
// forging one when asked.
suite_spec toy_spec() {
  suite_spec spec;
  spec.declared = declaration{"toy", "Seals and opens payloads"};
  spec.declared.integer("messages").range(1, 1'000'000).def("100");
  spec.declared.flag("forge-one").def("off");
  spec.declared.metric("messages_s", "1/s").headline().higher_is_better();
  spec.default_threads = 1;
  spec.run = [](suite_run& in) -> result<run_record> {
    actors::message_sealer sealer{&in.keys, 1};
    actors::message_opener opener{&in.keys};
    auto n = in.config.integer("messages");
    for (std::int64_t i = 0; i < n; ++i) {
      auto p = sealer.seal();
      if (!p)
        return runtime_failure(p.err().detail);
      if (i == n / 2 && in.config.flag("forge-one"))
        actors::forge(*p);
      opener.open(*p);
    }
    run_record r;
    r.add("elapsed_s", 0.001);
    r.add("messages_s", static_cast<double>(n) / 0.001);
    return r;
  };
  return spec;
}

configuration toy(const std::string& crypto, bool forge_one = false) {
  configuration c;
  c.values = {{"messages", std::int64_t{200}}, {"forge-one", forge_one}};
  return testing::add_suite_values(c, crypto);
}

} // namespace

TEST_CASE("a suite benchmark gets the shared parameters and results") {
  auto s = make_suite_scenario(toy_spec());
  const auto& d = s->declared();
  for (const char* name :
       {"messages", "threads", "crypto", "backend", "cipher", "payload-bytes", "timeout"})
    CHECK_MESSAGE(d.param(name) != nullptr, name);
  CHECK(d.param("threads")->default_value == "1");
  CHECK(d.headline().name == "messages_s");
  for (const char* name : {"elapsed_s", "seal_s", "open_s", "crypto_s"})
    CHECK_MESSAGE(d.find_metric(name) != nullptr, name);
}

TEST_CASE("a suite run reports the crypto share and counts forgeries, off and on") {
  auto s = make_suite_scenario(toy_spec());
  std::vector<configuration> plan{toy("off"), toy("on"), toy("on", true), toy("off", true)};
  auto refined = s->refine(plan);
  REQUIRE(refined);
  auto session = s->start(*refined);
  REQUIRE(session);
  CHECK((*refined)[0].integer("threads") == 1);
  std::vector<run_record> records;
  for (const auto& c : *refined) {
    testing::fake_run_context ctx{c};
    auto r = (*session)->run(ctx);
    REQUIRE(r);
    records.push_back(*r);
  }
  CHECK(records[0].checks.at("forged") + records[0].checks.at("replayed") == 0);
  CHECK(records[0].samples.count("crypto_s") == 0);
  CHECK(records[1].checks.at("forged") + records[1].checks.at("replayed") == 0);
  CHECK(records[1].samples.at("crypto_s").front() > 0);
  CHECK(std::get<double>(records[1].facts.at("opens")) == 200);
  CHECK(records[2].checks.at("forged") == 1);
  // Off, the forged message is a counter moved back: a replay.
  CHECK(records[3].checks.at("replayed") == 1);
  auto facts = (*session)->facts((*refined)[1]);
  CHECK(std::get<std::string>(facts.at("cipher")) == "aes-128-gcm");
}

TEST_CASE("a suite cipher that is not AEAD, or not the back-end's, is bad input") {
  auto s = make_suite_scenario(toy_spec());
  auto c = toy("on");
  c.values["cipher"] = std::string{"aes-128-ctr"};
  auto refined = s->refine({c});
  REQUIRE_FALSE(refined);
  CHECK(refined.err().code == errc::bad_input);
  CHECK(refined.err().message.find("invalid --cipher 'aes-128-ctr'") == 0);
  c.values["cipher"] = std::string{"xchacha20-poly1305-ietf"};
  refined = s->refine({c});
  REQUIRE_FALSE(refined);
  CHECK(refined.err().message.find("xchacha20-poly1305-ietf") != std::string::npos);
}

} // namespace actorbench::bench
