#pragma once

#include <vector>

#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"
#include "crypto/backend.hpp"
#include "crypto/cipher_info.hpp"

namespace actorbench::bench {

/// The back-end and cipher a configuration names, when that pair exists and
/// is available on this machine; null members otherwise.
struct cipher_pair {
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
};

/// Looks up the configuration's "backend" and "cipher" in the crypto registry.
cipher_pair find_pair(const configuration& c);

/// Keeps the configurations whose back-end/cipher pair exists and is
/// available (--backend all --cipher all: every available pair). A cipher
/// or back-end named on the command line (not by "all") that is left in no
/// pair is refused as `actorbench cipher` always did: "invalid --cipher
/// 'aes-128-ctr': back-end sodium has no cipher ..."; nothing left at all
/// is "no cipher cases to run".
result<std::vector<configuration>> keep_available_pairs(std::vector<configuration> plan,
                                                        const std::vector<std::string>& backends,
                                                        const std::vector<std::string>& ciphers);

} // namespace actorbench::bench
