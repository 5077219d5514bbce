#pragma once

// Small runs of a suite scenario for its tests: a configuration with crypto
// off or on, and every configuration of a plan run once.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "bench/harness/scenario.hpp"
#include "fake_run_context.hpp"
#include "suite_values.hpp"

namespace actorbench::bench::testing {

/// A configuration with `sizes`, crypto off or on (openssl, aes-128-gcm,
/// 64-byte payloads) and a 10 s timeout.
inline configuration suite_config(const std::string& crypto, by_name<param_value> sizes) {
  configuration c;
  c.values = std::move(sizes);
  return add_suite_values(c, crypto);
}

/// Runs every configuration of `plan` once on `s`.
inline std::vector<run_record> run_all(const scenario& s, std::vector<configuration> plan) {
  auto refined = s.refine(std::move(plan));
  REQUIRE(refined);
  auto session = s.start(*refined);
  REQUIRE(session);
  std::vector<run_record> records;
  for (const auto& c : *refined) {
    fake_run_context ctx{c};
    auto r = (*session)->run(ctx);
    REQUIRE(r);
    records.push_back(*r);
  }
  return records;
}

} // namespace actorbench::bench::testing
