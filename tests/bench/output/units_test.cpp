#include <cmath>

#include <doctest/doctest.h>

#include <cmath>

#include "bench/output/units.hpp"

using namespace actorbench::bench;

TEST_CASE("units keep three significant digits") {
  CHECK(format_value(0.000512, "s") == "512 µs");
  CHECK(format_value(0.0305, "s") == "30.5 ms");
  CHECK(format_value(2.5, "s") == "2.50 s");
  CHECK(format_value(1.5 * 1024 * 1024 * 1024, "bytes") == "1.50 GiB");
  CHECK(format_value(300, "bytes") == "300 bytes");
  CHECK(format_value(64, "bytes") == "64 bytes");
  CHECK(format_value(30500, "1/s") == "30.5 k/s");
  CHECK(format_value(12, "") == "12");
  CHECK(format_in(std::nan(""), {"s", 1}) == "n/a");
  // The smallest value decides, so a column shares one unit.
  auto u = choose_unit({0.0005, 0.03}, "s");
  CHECK(u.name == "µs");
  CHECK(format_in(0.03, u) == "30000");
  CHECK(choose_unit({0.5}, "s", "ms").name == "ms");
  CHECK(choose_unit({0.5}, "s", "us").name == "µs");
}

TEST_CASE("counted: singular for one, plural otherwise") {
  CHECK(counted(1, "run") == "1 run");
  CHECK(counted(0, "run") == "0 runs");
  CHECK(counted(10, "interleaved run") == "10 interleaved runs");
}
