#pragma once

#include <string>
#include <vector>

#include "bench/common/cipher_choice.hpp"
#include "bench/common/error.hpp"
#include "bench/harness/configuration.hpp"

namespace actorbench::bench {

/// The AEAD ciphers of every back-end, each name once, in registry order:
/// the words of the zone's --cipher (a session checks every packet's tag).
std::vector<std::string> zone_cipher_words();

/// What a zone configuration decrypts with: crypto off is the "none"
/// back-end (plaintext packets); on, the one AEAD cipher named by `cipher`.
/// A cipher that is not one available AEAD cipher is bad input, worded as
/// `actorbench zone` always has.
result<cipher_choice> resolve_zone_cipher(const configuration& c);

} // namespace actorbench::bench
