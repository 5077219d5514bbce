#include "bench/scenarios/fanout/payload.hpp"

#include <string>

namespace actorbench::actors {

namespace {

error crypto_error(const crypto::error& err) {
  return error{errc::crypto_failure, err.detail};
}

} // namespace

result<payload> make_payload(const crypto::backend& backend, const crypto::cipher_info& cipher,
                             std::string_view plaintext) {
  if (plaintext.size() > max_plaintext_size)
    return error{errc::bad_parameter, "plaintext of " + std::to_string(plaintext.size())
                                        + " bytes; at most " + std::to_string(max_plaintext_size)};
  auto seed_key = *crypto::from_hex(seed_key_hex);
  payload p;
  p.plaintext = std::string{plaintext};
  // Ciphers with longer keys get the experiment's key repeated, so every cipher
  // works on the same, reproducible material.
  for (std::size_t i = 0; i < cipher.key_size; ++i)
    p.key.push_back(seed_key[i % seed_key.size()]);
  p.nonce.assign(cipher.nonce_size, 0);
  auto ctx = backend.make_context(cipher.name, p.key);
  if (!ctx)
    return crypto_error(ctx.err());
  p.ciphertext.resize(plaintext.size() + cipher.overhead);
  auto written = (*ctx)->encrypt(p.nonce, plaintext, p.ciphertext.data());
  if (!written)
    return crypto_error(written.err());
  p.ciphertext.resize(*written);
  return p;
}

} // namespace actorbench::actors
