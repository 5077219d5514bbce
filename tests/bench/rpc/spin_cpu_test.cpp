#include <doctest/doctest.h>

#include "actors/runtime/cpu_pinning.hpp"
#include "bench/scenarios/rpc/spin_cpu.hpp"

namespace actorbench::bench {

// Ported from the old rpc_options_test (--spin-cpu of `actorbench rpc`).
TEST_CASE("--spin-cpu takes a CPU this process may use and leaves the others to the rest") {
  auto allowed = actorbench::actors::allowed_cpus();
  REQUIRE_FALSE(allowed.empty());
  auto placed = place_spinner(std::to_string(allowed.front()), 100);
  if (allowed.size() == 1) {
    REQUIRE_FALSE(placed);
    CHECK(placed.err().message == "--spin-cpu needs a second CPU for everything else");
  } else {
    REQUIRE(placed);
    CHECK(placed->cpu == allowed.front());
    CHECK(placed->others == std::vector<int>(allowed.begin() + 1, allowed.end()));
  }
  placed = place_spinner("100000", 100);
  REQUIRE_FALSE(placed);
  CHECK(placed.err().message.find("invalid --spin-cpu '100000'") == 0);
}

TEST_CASE("--spin-cpu auto pins the spinner when there are two CPUs and a spin; off never pins") {
  auto allowed = actorbench::actors::allowed_cpus();
  REQUIRE_FALSE(allowed.empty());
  auto placed = place_spinner("auto", 100);
  REQUIRE(placed);
  if (allowed.size() >= 2) {
    CHECK(placed->cpu == allowed.front());
    CHECK(placed->others == std::vector<int>(allowed.begin() + 1, allowed.end()));
  } else {
    CHECK_FALSE(placed->cpu);
  }
  placed = place_spinner("auto", 0);
  REQUIRE(placed);
  CHECK_FALSE(placed->cpu);
  placed = place_spinner("off", 100);
  REQUIRE(placed);
  CHECK_FALSE(placed->cpu);
  CHECK(placed->others.empty());
}

} // namespace actorbench::bench
