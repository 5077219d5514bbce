#pragma once

// The suite's shared parameters as a scenario test's configuration sets them.

#include <string>

#include "bench/harness/configuration.hpp"

namespace actorbench::bench::testing {

/// Sets the shared parameters of a suite benchmark in `c`: `crypto` "off" or
/// "on" (openssl, aes-128-gcm, 64-byte payloads), a 10 s timeout; with crypto
/// off the crypto parameters are not applicable, as the harness leaves them.
inline void set_suite_params(configuration& c, const std::string& crypto) {
  c.values["crypto"] = crypto;
  c.values["timeout"] = 10.0;
  c.values["backend"] = std::string{"openssl"};
  c.values["cipher"] = std::string{"aes-128-gcm"};
  c.values["payload-bytes"] = std::int64_t{64};
  if (crypto == "off")
    c.not_applicable = {"backend", "cipher", "payload-bytes"};
}

} // namespace actorbench::bench::testing
