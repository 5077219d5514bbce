#pragma once

// The values of the suite's shared parameters, for the tests of suite
// benchmarks' scenarios.

#include <string>

#include "bench/harness/configuration.hpp"

namespace actorbench::bench::testing {

/// Adds the suite's shared parameters to `c`: crypto `crypto` (off: the
/// crypto parameters are not applicable), openssl/aes-128-gcm with 64-byte
/// payloads, a timeout of 10 s.
inline configuration& add_suite_values(configuration& c, const std::string& crypto) {
  c.values["crypto"] = crypto;
  c.values["timeout"] = 10.0;
  c.values["backend"] = std::string{"openssl"};
  c.values["cipher"] = std::string{"aes-128-gcm"};
  c.values["payload-bytes"] = std::int64_t{64};
  if (crypto == "off")
    c.not_applicable = {"backend", "cipher", "payload-bytes"};
  return c;
}

} // namespace actorbench::bench::testing
