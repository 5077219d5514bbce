#include "bench/harness/instruction_count.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "bench/harness/measure_mode.hpp"

using namespace actorbench::bench;

namespace {

declaration with_unit(std::string unit) {
  declaration d{"toy", "a toy"};
  d.metric("elapsed_s", "s").headline();
  d.metric("rate", "1/s").higher_is_better();
  d.work_unit = std::move(unit);
  return d;
}

std::string written(const std::string& text) {
  char path[] = "/tmp/instruction_count_test.XXXXXX";
  int fd = ::mkstemp(path);
  REQUIRE(fd >= 0);
  ::close(fd);
  std::ofstream{path} << text;
  return path;
}

} // namespace

TEST_CASE("parse_measure: time or instructions") {
  CHECK(*parse_measure("time") == measure_mode::time);
  CHECK(*parse_measure("instructions") == measure_mode::instructions);
  auto bad = parse_measure("cycles");
  REQUIRE_FALSE(bad);
  CHECK(bad.err().code == errc::bad_input);
  CHECK(bad.err().message == "invalid --measure 'cycles': expected time or instructions");
  CHECK(to_string(measure_mode::instructions) == "instructions");
}

TEST_CASE("count_instructions_in: the per-unit count becomes the first metric and the headline") {
  auto d = with_unit("actor");
  // Any executable stands in for valgrind: only its presence is checked.
  REQUIRE(count_instructions_in(d, "/bin/sh"));
  REQUIRE(d.metrics.size() == 3);
  CHECK(d.metrics.front().name == "instructions_per_actor");
  // The verdict and the table say "4597 instructions", not a bare number.
  CHECK(d.metrics.front().unit == "instructions");
  CHECK(d.headline().name == "instructions_per_actor");
  CHECK_FALSE(d.find_metric("elapsed_s")->headline);
  REQUIRE(count_instructions_in(d, "/bin/sh"));
  CHECK(d.metrics.size() == 3);
}

TEST_CASE("count_instructions_in: a scenario without a work unit is bad input naming it") {
  auto d = with_unit("");
  auto refused = count_instructions_in(d, "/bin/sh");
  REQUIRE_FALSE(refused);
  CHECK(refused.err().code == errc::bad_input);
  CHECK(refused.err().message
        == "invalid --measure 'instructions': toy declares no work unit to count instructions per");
  CHECK(d.metrics.size() == 2);
}

TEST_CASE("count_instructions_in: without valgrind a runtime failure naming the package") {
  auto d = with_unit("actor");
  auto missing = count_instructions_in(d, "/nonexistent/valgrind");
  REQUIRE_FALSE(missing);
  CHECK(missing.err().code == errc::runtime_failure);
  CHECK(missing.err().message.find("install Debian's package valgrind") != std::string::npos);
}

TEST_CASE("read_callgrind_total: the totals line of callgrind's output") {
  auto path = written("# callgrind format\nversion: 1\nevents: Ir\nsummary: 0\n"
                      "fn=(1) main\n3 7\ntotals: 27508555\n");
  auto total = read_callgrind_total(path);
  std::remove(path.c_str());
  REQUIRE(total);
  CHECK(*total == 27508555u);

  auto none = written("events: Ir\nsummary: 12\n");
  auto missing = read_callgrind_total(none);
  std::remove(none.c_str());
  REQUIRE_FALSE(missing);
  CHECK(missing.err().message.find("has no totals line") != std::string::npos);
  CHECK_FALSE(read_callgrind_total("/nonexistent/callgrind.out"));
}
