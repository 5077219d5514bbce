#pragma once

#include <string>
#include <vector>

#include "bench/scenarios/shared/cipher_choice.hpp"
#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"

namespace actorbench::bench {

/// What a zone configuration decrypts with: crypto off is the "none"
/// back-end (plaintext packets); on, the one AEAD cipher named by `cipher`,
/// of the `backend` named (unset: the first back-end offering it). A cipher
/// that is not one available AEAD cipher is bad input, worded as
/// `actorbench zone` always has.
result<cipher_choice> resolve_zone_cipher(const configuration& c);

/// The plan with every configuration's cipher resolved. With --backend all,
/// the back-ends that do not offer the cipher (or are unavailable) are left
/// out; a cipher none of them offers is refused, naming who offers what.
result<std::vector<configuration>> keep_zone_ciphers(std::vector<configuration> plan);

} // namespace actorbench::bench
