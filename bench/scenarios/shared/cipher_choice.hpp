#pragma once

#include <string>
#include <utility>
#include <vector>

#include "bench/error.hpp"
#include "crypto/backend.hpp"

namespace actorbench::bench {

/// A back-end and one of its ciphers.
using cipher_choice = std::pair<const crypto::backend*, const crypto::cipher_info*>;

/// Every registered back-end's name, in registry order: the words of --backend.
std::vector<std::string> backend_words();

/// "none/none, openssl/aes-128-ctr, ...": every back-end/cipher pair, for
/// errors that list what is valid.
std::string every_backend_cipher();

/// Every back-end's cipher names, once each, in registry order: the words of
/// --cipher.
std::vector<std::string> cipher_words();

/// The AEAD ciphers of every back-end, each name once, in registry order:
/// the words of --cipher where a tag is checked on every message (zone,
/// the message-passing suite).
std::vector<std::string> aead_cipher_words();

/// The older cipher names back-ends still accept (backend::cipher_aliases),
/// each once: the hidden words of --cipher (of the AEAD ones only if
/// `aead_only`).
std::vector<std::string> cipher_alias_words(bool aead_only);

/// The back-end/cipher pairs that --backend and --cipher ask for (each a
/// word, a comma list, or "all" for every available one). A cipher without a
/// back-end picks the first back-end offering it; a back-end without a cipher
/// uses its default; neither means openssl's default.
result<std::vector<cipher_choice>> choose_ciphers(const std::string& backend_text,
                                                  const std::string& cipher_text);

} // namespace actorbench::bench
