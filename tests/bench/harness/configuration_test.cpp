#include <chrono>
#include <stdexcept>

#include <doctest/doctest.h>

#include "bench/harness/configuration.hpp"

using namespace actorbench::bench;

namespace {

configuration sample() {
  configuration c;
  c.values["procs"] = std::int64_t{10000};
  c.values["timeout"] = 0.2507;
  c.values["cipher"] = std::string{"aes-128-ctr"};
  c.values["pin"] = std::string{};
  c.values["tls"] = true;
  c.values["local"] = false;
  return c;
}

} // namespace

TEST_CASE("configuration accessors return typed values and refuse missing ones") {
  configuration c;
  c.values = {{"members", std::int64_t{10}},
              {"crypto", std::string{"on"}},
              {"timeout", 1.5},
              {"quiet", true}};
  CHECK(c.integer("members") == 10);
  CHECK(c.word("crypto") == "on");
  CHECK(c.seconds("timeout") == 1.5);
  CHECK(c.flag("quiet"));
  CHECK(c.applies("members"));
  CHECK_FALSE(c.applies("cipher"));
  CHECK_THROWS_AS(c.integer("cipher"), std::out_of_range);
  CHECK_THROWS_AS(c.word("members"), std::out_of_range);
  CHECK(to_text(param_value{true}) == "on");
  CHECK(to_text(param_value{std::int64_t{42}}) == "42");
  CHECK(to_text(param_value{0.25}) == "0.25");
}

TEST_CASE("a duration reads as whole milliseconds, rounded to the nearest") {
  auto c = sample();
  CHECK(c.milliseconds("timeout") == std::chrono::milliseconds{251});
  c.values["timeout"] = 5.0;
  CHECK(c.milliseconds("timeout") == std::chrono::milliseconds{5000});
  CHECK_THROWS_AS(c.milliseconds("procs"), std::out_of_range);
}

TEST_CASE("text_or gives the fallback for no value, an empty one or another type") {
  auto c = sample();
  CHECK(c.text_or("cipher") == "aes-128-ctr");
  CHECK(c.text_or("cipher", "auto") == "aes-128-ctr");
  CHECK(c.text_or("pin").empty());
  CHECK(c.text_or("pin", "auto") == "auto");
  CHECK(c.text_or("nodes", "none") == "none");
  CHECK(c.text_or("procs").empty());
}

TEST_CASE("is_on is true only for a flag that is on") {
  auto c = sample();
  CHECK(c.is_on("tls"));
  CHECK_FALSE(c.is_on("local"));
  CHECK_FALSE(c.is_on("compare"));
  CHECK_FALSE(c.is_on("procs"));
}

TEST_CASE("integer_if_set has a value only for an integer parameter that has one") {
  auto c = sample();
  CHECK(c.integer_if_set("procs") == std::optional<std::int64_t>{10000});
  CHECK_FALSE(c.integer_if_set("threads").has_value());
  CHECK_FALSE(c.integer_if_set("cipher").has_value());
}
