#include <doctest/doctest.h>

#include <cmath>

#include "bench/harness/capacity_search.hpp"

using namespace actorbench::bench;

namespace {

/// Keeps up below `capacity`, always.
std::function<std::optional<capacity_probe>(double)> step_at(double capacity,
                                                              std::vector<double>* loads = nullptr) {
  return [capacity, loads](double load) -> std::optional<capacity_probe> {
    if (loads != nullptr)
      loads->push_back(load);
    return capacity_probe{load, load < capacity, false};
  };
}

} // namespace

TEST_CASE("capacity search: doubles from the start, then resolves a clean step") {
  std::vector<double> loads;
  auto e = find_capacity({}, step_at(10'000, &loads));
  REQUIRE(loads.size() >= 5);
  CHECK(loads[0] == 1'000);
  CHECK(loads[1] == doctest::Approx(2'000).epsilon(0.02));
  CHECK(loads[2] == doctest::Approx(4'000).epsilon(0.02));
  REQUIRE(e.why == capacity_stop::precise);
  CHECK(e.resolved());
  CHECK(e.fit.low <= 10'000);
  CHECK(e.fit.high >= 10'000);
  CHECK(e.fit.high - e.fit.low <= 0.1 * e.fit.curve.capacity);
  CHECK(e.probes <= capacity_search_options{}.max_probes);
}

TEST_CASE("capacity search: every probe is a whole load within the range") {
  std::vector<double> loads;
  capacity_search_options o;
  o.start = 64;
  o.min_load = 8;
  o.max_load = 5'000;
  find_capacity(o, step_at(777, &loads));
  for (auto load : loads) {
    CHECK(load == std::round(load));
    CHECK(load >= 8);
    CHECK(load <= 5'000);
  }
}

TEST_CASE("capacity search: the largest load allowed keeping up ends it, resolved") {
  capacity_search_options o;
  o.max_load = 3'000;
  auto e = find_capacity(o, step_at(1e9));
  CHECK(e.why == capacity_stop::at_max_load);
  CHECK(e.resolved());
  CHECK(e.largest_pass == 3'000);
}

TEST_CASE("capacity search: the smallest load failing ends it, resolved") {
  capacity_search_options o;
  o.min_load = 100;
  auto e = find_capacity(o, step_at(1));
  CHECK(e.why == capacity_stop::below_min_load);
  CHECK(e.smallest_fail == 100);
}

TEST_CASE("capacity search: out of probes it ends unresolved, with the interval it has") {
  capacity_search_options o;
  o.max_probes = 8;
  auto e = find_capacity(o, step_at(10'000));
  CHECK(e.why == capacity_stop::probe_budget);
  CHECK_FALSE(e.resolved());
  CHECK(e.probes == 8);
  REQUIRE(e.fit.fitted);
  CHECK(e.fit.low <= 10'000);
  CHECK(e.fit.high >= 10'000);
}

TEST_CASE("capacity search: disturbed probes are counted apart and probed again") {
  int n = 0;
  auto e = find_capacity({}, [&n](double load) -> std::optional<capacity_probe> {
    // Every fifth probe ran on a busy host: it failed, flagged.
    if (++n % 5 == 0)
      return capacity_probe{load, false, true};
    return capacity_probe{load, load < 10'000, false};
  });
  CHECK(e.disturbed == e.probes / 5);
  REQUIRE(e.fit.fitted);
  CHECK(e.fit.low <= 10'000);
  CHECK(e.fit.high >= 10'000);
}

TEST_CASE("capacity search: a halt ends it unresolved") {
  int n = 0;
  auto e = find_capacity({}, [&n](double load) -> std::optional<capacity_probe> {
    if (++n > 7)
      return std::nullopt;
    return capacity_probe{load, load < 10'000, false};
  });
  CHECK(e.why == capacity_stop::halted);
  CHECK(e.probes == 7);
}

TEST_CASE("capacity search: a disturbed pass moves the doubling on, but stays out of the fit") {
  std::vector<double> loads;
  // Every probe below 8,000 is disturbed; it keeps up below 10,000.
  auto e = find_capacity({}, [&loads](double load) -> std::optional<capacity_probe> {
    loads.push_back(load);
    return capacity_probe{load, load < 10'000, load < 8'000};
  });
  REQUIRE(loads.size() >= 4);
  CHECK(loads[1] == doctest::Approx(2'000).epsilon(0.02));
  CHECK(loads[3] == doctest::Approx(8'000).epsilon(0.02));
  CHECK(e.disturbed >= 3);
  CHECK(e.fit.low <= 10'000);
  CHECK(e.fit.high >= 10'000);
}
