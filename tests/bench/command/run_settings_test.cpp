#include <doctest/doctest.h>

#include "command/run_settings.hpp"
#include "toy_declaration.hpp"

using namespace actorbench::bench;

namespace {

result<run_settings> read(const by_name<std::string>& values) {
  return read_run_settings(values, testing::toy_declaration());
}

std::string settings_error_of(const by_name<std::string>& values) {
  auto s = read(values);
  REQUIRE_FALSE(s);
  CHECK(s.err().code == errc::bad_input);
  return s.err().message;
}

} // namespace

TEST_CASE("run settings: the declaration's defaults, then the options") {
  auto d = testing::toy_declaration();
  d.defaults.runs = 4;
  d.defaults.warmup = 0;
  auto defaults = read_run_settings({}, d);
  REQUIRE(defaults);
  CHECK(defaults->harness.runs == 4);
  CHECK(defaults->harness.warmup == 0);
  CHECK(defaults->output.format == results_format::table);
  CHECK_FALSE(defaults->harness.memory_budget_bytes);
  auto s = read({{"runs", "3"},
                 {"warmup", "2"},
                 {"min-time", "250ms"},
                 {"time-limit", "2"},
                 {"shuffle", "on"},
                 {"seed", "42"},
                 {"reference", "2"},
                 {"quiet", "on"},
                 {"dry-run", "on"},
                 {"format", "csv"},
                 {"view", "generic"},
                 {"time-unit", "us"},
                 {"max-memory", "1M"}});
  REQUIRE(s);
  CHECK(s->harness.runs == 3);
  CHECK(s->harness.warmup == 2);
  CHECK(s->harness.min_time_s == doctest::Approx(0.25));
  CHECK(s->harness.time_limit_s == doctest::Approx(2));
  CHECK(s->harness.shuffle);
  CHECK(s->harness.seed == 42);
  CHECK(s->reference == 2);
  CHECK(s->quiet);
  CHECK(s->dry_run);
  CHECK(s->output.format == results_format::csv);
  CHECK(s->output.view == "generic");
  CHECK(s->output.time_unit == "us");
  CHECK(s->harness.memory_budget_bytes == std::optional<std::uint64_t>{1 << 20});
}

TEST_CASE("run settings: refusals in the command's wording") {
  CHECK(settings_error_of({{"runs", "0"}}).rfind("invalid --runs '0': expected a whole number from 1", 0)
        == 0);
  CHECK(settings_error_of({{"warmup", "-1"}}).rfind("invalid --warmup '-1'", 0) == 0);
  CHECK(settings_error_of({{"seed", "abc"}}).rfind("invalid --seed 'abc'", 0) == 0);
  CHECK(settings_error_of({{"format", "xml"}})
        == "invalid --format 'xml': expected table, json, csv, markdown or html");
  CHECK(settings_error_of({{"shuffle", "maybe"}}) == "invalid --shuffle 'maybe': expected on or off");
  CHECK(settings_error_of({{"min-time", "soon"}})
        == "invalid --min-time 'soon': expected a duration such as 10 (seconds), 250ms, 1.5s or "
           "2h");
  CHECK(settings_error_of({{"time-limit", "-1"}}).rfind("invalid --time-limit '-1'", 0) == 0);
  CHECK(settings_error_of({{"time-unit", "min"}}) == "invalid --time-unit 'min': expected s, ms, us or ns");
  CHECK(settings_error_of({{"max-memory", "lots"}}).rfind("invalid --max-memory 'lots'", 0) == 0);
  CHECK(
    settings_error_of({{"output", "/no/such/dir/x.json"}}).rfind("invalid --output '/no/such/dir/x.json'", 0)
    == 0);
  CHECK(settings_error_of({{"plot", "x.gif"}}).rfind("invalid --plot 'x.gif'", 0) == 0);
  CHECK(settings_error_of({{"output", "same.svg"}, {"plot", "same.svg"}})
          .rfind("invalid --plot 'same.svg': it is the same file as --output", 0)
        == 0);
}

TEST_CASE("read_seconds takes units and bare seconds") {
  CHECK(*read_seconds("--min-time", "10") == doctest::Approx(10));
  CHECK(*read_seconds("--min-time", "1.5s") == doctest::Approx(1.5));
  CHECK(*read_seconds("--min-time", "500us") == doctest::Approx(0.0005));
  CHECK(*read_seconds("--min-time", "2h") == doctest::Approx(7200));
  CHECK_FALSE(read_seconds("--min-time", "5 parsecs"));
  CHECK_FALSE(read_seconds("--min-time", "inf"));
  CHECK_FALSE(read_seconds("--time-limit", "0"));
}
