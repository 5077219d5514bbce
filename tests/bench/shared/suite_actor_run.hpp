#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <memory>
#include <utility>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/suite_fault.hpp"
#include "crypto/registry.hpp"

namespace actorbench::actors::testing {

/// A run's keys for a suite benchmark's test: crypto off, or on with
/// openssl's aes-128-gcm and 64-byte payloads.
inline std::shared_ptr<seal_keys> suite_test_keys(bool crypto_on) {
  if (!crypto_on)
    return std::make_shared<seal_keys>();
  auto backend = crypto::registry::instance().find("openssl");
  REQUIRE(backend);
  const auto* cipher = (*backend)->find_cipher("aes-128-gcm");
  REQUIRE(cipher != nullptr);
  auto keys = seal_keys::make(**backend, *cipher, 64);
  REQUIRE(keys);
  return *keys;
}

/// What one test run of a suite benchmark gave, and its keys' totals.
template <class Sample>
struct suite_outcome {
  result<Sample> sample;
  seal_totals totals;
};

/// Calls `run(system, keys)` on a fresh actor system of `threads` workers;
/// the totals are read after the system is gone, when every sealer and
/// opener has reported.
template <class Sample, class Run>
suite_outcome<Sample> run_suite(bool crypto_on, Run&& run, std::size_t threads = 2) {
  auto keys = suite_test_keys(crypto_on);
  result<Sample> sample = error{errc::timeout, "not run"};
  {
    runtime rt{{threads, "stealing", {}, true}};
    sample = run(rt.system(), *keys);
  }
  return {std::move(sample), keys->totals()};
}

/// The payload faults every suite benchmark must show, its run still
/// ending: a forged payload counts as forged with crypto on and (a counter
/// moved back) replayed with it off; a replayed one as replayed either way.
/// `run(crypto_on, fault)` returns a suite_outcome.
template <class Run>
void check_payload_faults(Run&& run) {
  auto forged_on = run(true, suite_fault::forge);
  REQUIRE(forged_on.sample);
  CHECK(forged_on.totals.forged == 1);
  CHECK(forged_on.sample->mismatches == 0);
  auto forged_off = run(false, suite_fault::forge);
  REQUIRE(forged_off.sample);
  CHECK(forged_off.totals.replayed == 1);
  for (bool on : {false, true}) {
    CAPTURE(on);
    auto replayed = run(on, suite_fault::replay);
    REQUIRE(replayed.sample);
    CHECK(replayed.totals.replayed == 1);
    CHECK(replayed.totals.forged == 0);
    CHECK(replayed.sample->mismatches == 0);
  }
}

} // namespace actorbench::actors::testing
