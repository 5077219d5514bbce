#include <doctest/doctest.h>

#include <limits>
#include <vector>

#include "bench/harness/run_values.hpp"

using namespace actorbench::bench;

namespace {

configuration_result with_runs(const std::vector<std::vector<double>>& samples) {
  configuration_result c;
  for (const auto& values : samples) {
    run_result r;
    if (!values.empty())
      r.record.samples["latency_s"] = values;
    r.record.checks["lost"] = values.size();
    c.runs.push_back(r);
  }
  return c;
}

metric_decl per_event(reduction how) {
  metric_decl m;
  m.name = "latency_s";
  m.per_event = true;
  m.per_run = how;
  return m;
}

} // namespace

TEST_CASE("run values: one value per run, per-event metrics reduced, runs without it skipped") {
  std::vector<double> events;
  for (int i = 1; i <= 1000; ++i)
    events.push_back(i);
  auto c = with_runs({{3, 1, 2}, {}, events});
  metric_decl single;
  single.name = "latency_s";
  CHECK(per_run_values(c, single) == std::vector<double>{3, 1});
  CHECK(per_run_values(c, per_event(reduction::median)) == std::vector<double>{2, 500.5});
  CHECK(per_run_values(c, per_event(reduction::p99)) == std::vector<double>{3, 990});
  CHECK(per_run_values(c, per_event(reduction::p999)) == std::vector<double>{3, 999});
  CHECK(per_run_values(c, per_event(reduction::max)) == std::vector<double>{3, 1000});
  CHECK(per_run_values(c, per_event(reduction::mean)) == std::vector<double>{2, 500.5});
  metric_decl other;
  other.name = "throughput";
  CHECK(per_run_values(c, other).empty());
}

TEST_CASE("run values: check totals sum over the runs") {
  auto c = with_runs({{1, 2}, {}, {5}});
  CHECK(check_total(c, "lost") == 3);
  CHECK(check_total(c, "mismatches") == 0);
}

TEST_CASE("run values: missing values are skipped, and a run with none is missing itself") {
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  constexpr double inf = std::numeric_limits<double>::infinity();
  auto c = with_runs({{nan}, {2}, {inf, 5}, {-inf}});
  metric_decl single;
  single.name = "latency_s";
  CHECK(per_run_values(c, single) == std::vector<double>{2});
  // Events: the run's missing ones left out; a run with none left skipped.
  auto events = with_runs({{1, nan, 3}, {nan, nan}, {inf, 4}});
  for (auto how : {reduction::median, reduction::p99, reduction::max, reduction::mean})
    CHECK(per_run_values(events, per_event(how)).size() == 2);
  CHECK(per_run_values(events, per_event(reduction::median)) == std::vector<double>{2, 4});
  CHECK(per_run_values(events, per_event(reduction::max)) == std::vector<double>{3, 4});
}
