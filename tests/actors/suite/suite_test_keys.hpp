#pragma once

#include <doctest/doctest.h>

#include <cstddef>
#include <memory>

#include "actors/suite/sealed_message.hpp"
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

} // namespace actorbench::actors::testing
