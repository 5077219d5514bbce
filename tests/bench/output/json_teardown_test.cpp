#include <doctest/doctest.h>

#include <cstdint>
#include <new>
#include <string>

#include "output/json_teardown.hpp"

using namespace actorbench::bench;

TEST_CASE("teardown_values: a container's members plus the most an inner one needs") {
  CHECK(teardown_values("") == 0);
  CHECK(teardown_values("17") == 0);
  CHECK(teardown_values("[]") == 0);
  CHECK(teardown_values("[1, 2, 3]") == 3);
  // 2 members; "a" needs 3, "b" 1 + (2 + 2) = 5.
  CHECK(teardown_values(R"({"a": [1, 2, 3], "b": {"c": [[1, 2], [3]]}})") == 7);
  // Commas, brackets and escaped quotes inside strings are text.
  CHECK(teardown_values(R"(["a,b", "[{", "\"],"])") == 3);
  CHECK(teardown_values(R"({"k\\": [1,2]})") == 3);
  // Text too deep for a result file: no bound worth holding back for.
  CHECK(teardown_values(std::string(600, '[') + std::string(600, ']')) == SIZE_MAX);
  CHECK(teardown_values(std::string(100, '[') + std::string(100, ']'), 512) == 99);
}

TEST_CASE("teardown_reserve: held while alive, the new_handler put back after") {
  auto before = std::get_new_handler();
  {
    teardown_reserve reserve{1000};
    CHECK(reserve.held());
    CHECK((std::get_new_handler() != before));
    reserve.release();
    CHECK_FALSE(reserve.held());
  }
  CHECK((std::get_new_handler() == before));
  // More than any address space: not held, and the handler left alone.
  teardown_reserve impossible{SIZE_MAX / 64};
  CHECK_FALSE(impossible.held());
  CHECK((std::get_new_handler() == before));
}
