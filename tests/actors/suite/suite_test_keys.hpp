#pragma once

#include <memory>

#include <doctest/doctest.h>

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

} // namespace actorbench::actors::testing
