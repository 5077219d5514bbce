#pragma once

#include <string>
#include <vector>

#include "bench/common/cipher_choice.hpp"
#include "bench/common/error.hpp"
#include "bench/harness/configuration.hpp"

namespace actorbench::bench {

/// What a zone configuration decrypts with: crypto off is the "none"
/// back-end (plaintext packets); on, the one AEAD cipher named by `cipher`.
/// A cipher that is not one available AEAD cipher is bad input, worded as
/// `actorbench zone` always has.
result<cipher_choice> resolve_zone_cipher(const configuration& c);

} // namespace actorbench::bench
