#include <doctest/doctest.h>

#include "bench/scenarios/mailbox/mailbox.hpp"
#include "bench/scenarios/mailbox/mailbox_scenario.hpp"
#include "fake_run_context.hpp"
#include "suite_values.hpp"

namespace actorbench::bench {

namespace {

configuration small_mailbox(const std::string& crypto) {
  configuration c;
  c.values = {{"senders", std::int64_t{3}},
              {"messages", std::int64_t{200}},
              {"burst", std::int64_t{16}},
              {"window", std::int64_t{0}},
              {"dispatch", std::string{"lean"}}};
  testing::add_suite_values(c, crypto);
  return c;
}

} // namespace

TEST_CASE("mailbox declares its sizes, a rate headline and the mismatch check") {
  auto s = make_mailbox_scenario();
  const auto& d = s->declared();
  CHECK(d.name == "mailbox");
  CHECK(d.param("senders")->default_value == "100");
  CHECK(d.param("messages")->default_value == "100000");
  CHECK(d.param("threads")->default_value == "1");
  CHECK(d.headline().name == "messages_s");
  CHECK(d.headline().direction == better::higher);
}

TEST_CASE("mailbox's memory estimate is every message queued at once") {
  auto s = make_mailbox_scenario();
  auto off = s->memory(small_mailbox("off"));
  REQUIRE(off);
  CHECK(off->param == "messages");
  CHECK(off->count == 600);
  CHECK(off->bytes_per_item == actorbench::actors::mailbox_bytes_per_message(0));
  auto on = s->memory(small_mailbox("on"));
  REQUIRE(on);
  CHECK(on->bytes_per_item == actorbench::actors::mailbox_bytes_per_message(80));
}

TEST_CASE("a mailbox run records its rate, elapsed time and zero mismatches, off and on") {
  auto s = make_mailbox_scenario();
  auto refined = s->refine({small_mailbox("off"), small_mailbox("on")});
  REQUIRE(refined);
  auto session = s->start(*refined);
  REQUIRE(session);
  for (const auto& c : *refined) {
    testing::fake_run_context ctx{c};
    auto r = (*session)->run(ctx);
    REQUIRE(r);
    CHECK(r->checks.at("mismatches") == 0);
    CHECK(r->checks.at("forged") + r->checks.at("replayed") == 0);
    CHECK(r->samples.at("messages_s").front() > 0);
    CHECK(std::get<double>(r->facts.at("received")) == 600);
  }
}

} // namespace actorbench::bench
