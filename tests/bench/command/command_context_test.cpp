#include <doctest/doctest.h>

#include <sstream>

#include "command/command_context.hpp"

using namespace actorbench::bench;

TEST_CASE("report_failure names an option as it was typed") {
  std::ostringstream out, err;
  command_context ctx{"actorbench", out, err, false, false, {{"runs", "iterations"}}};
  CHECK(report_failure(ctx, bad_input("invalid --runs '0': expected a whole number")) == 2);
  CHECK(err.str() == "actorbench: invalid --iterations '0': expected a whole number\n");
  err.str("");
  // Only the option itself: --runs-like names and other options stay.
  CHECK(report_failure(ctx, runtime_failure("invalid --runsx '1'; --warmup: bad")) == 1);
  CHECK(err.str() == "actorbench: invalid --runsx '1'; --warmup: bad\n");
}
