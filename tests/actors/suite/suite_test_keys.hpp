#pragma once

#include <cstddef>
#include <memory>

#include <doctest/doctest.h>

#include "actors/runtime/runtime.hpp"
#include "actors/suite/sealed_message.hpp"
#include "crypto/registry.hpp"

namespace actorbench::actors::testing {

/// A run's keys for the suite's tests: crypto off, or on with OpenSSL's
/// aes-128-gcm and 64-byte payloads.
inline std::shared_ptr<seal_keys> suite_test_keys(bool crypto_on) {
  if (!crypto_on)
    return std::make_shared<seal_keys>();
  auto b = crypto::registry::instance().find("openssl");
  REQUIRE(b);
  const auto* info = (*b)->find_cipher("aes-128-gcm");
  REQUIRE(info != nullptr);
  auto keys = seal_keys::make(**b, *info, 64);
  REQUIRE(keys);
  return *keys;
}

/// A run's sample and what its sealers and openers reported.
template <class Sample>
struct suite_test_outcome {
  result<Sample> sample;
  seal_totals totals;
};

/// `run(system, keys)` on a fresh system of `threads` workers; the totals
/// once the system is gone (the actors' sealers and openers report as they
/// exit).
template <class Sample, class Run>
suite_test_outcome<Sample> run_on_fresh_system(bool crypto_on, std::size_t threads, Run run) {
  auto keys = suite_test_keys(crypto_on);
  result<Sample> sample = error{errc::timeout, "not run"};
  {
    runtime rt{{threads, "stealing", {}, true}};
    sample = run(rt.system(), *keys);
  }
  return {std::move(sample), keys->totals()};
}

} // namespace actorbench::actors::testing
