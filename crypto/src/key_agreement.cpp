#include "crypto/key_agreement.hpp"

#include <optional>
#include <string>

#include <openssl/crypto.h>

#include "library.hpp"

namespace actorbench::crypto {

namespace {

std::optional<error> bad_aead_lengths(bytes_view key, bytes_view nonce) {
  if (key.size != key_agreement::key_size)
    return make_error(errc::bad_key_length,
                      "chacha20-poly1305 keys are 32 bytes, got " + std::to_string(key.size));
  if (nonce.size != key_agreement::nonce_size)
    return make_error(errc::bad_nonce_length,
                      "chacha20-poly1305 nonces are 12 bytes, got " + std::to_string(nonce.size));
  return std::nullopt;
}

} // namespace

result<bytes> key_agreement::dh(bytes_view secret, bytes_view peer_public) const {
  return dh(nullptr, secret, peer_public);
}

result<std::shared_ptr<const prepared_secret>> key_agreement::prepare(bytes_view secret) const {
  if (secret.size != key_size)
    return make_error(errc::bad_key_length,
                      "x25519 keys are 32 bytes, got " + std::to_string(secret.size));
  return std::shared_ptr<const prepared_secret>{};
}

result<prepared_key_pair> key_agreement::generate_prepared() const {
  auto kp = generate();
  if (!kp)
    return kp.err();
  auto prepared = prepare(kp->secret_key);
  if (!prepared) {
    wipe(kp->secret_key);
    return prepared.err();
  }
  return prepared_key_pair{std::move(*kp), std::move(*prepared)};
}

bool key_agreement::raw_dh_prepared(const prepared_secret&, const std::uint8_t*,
                                    std::uint8_t*) const {
  return false;
}

result<bytes> key_agreement::dh(const prepared_secret* prepared, bytes_view secret,
                                bytes_view peer_public) const {
  if (secret.size != key_size || peer_public.size != key_size)
    return make_error(errc::bad_key_length, "x25519 keys are 32 bytes, got "
                                              + std::to_string(secret.size) + " and "
                                              + std::to_string(peer_public.size));
  bytes shared(key_size);
  static const std::uint8_t zeros[key_size] = {};
  // The libraries refuse an all-zero result themselves; checking here too
  // makes that independent of their versions.
  const bool ok = prepared != nullptr && prepared->owner() == this
                    ? raw_dh_prepared(*prepared, peer_public.data, shared.data())
                    : raw_dh(secret.data, peer_public.data, shared.data());
  if (!ok || CRYPTO_memcmp(shared.data(), zeros, key_size) == 0) {
    wipe(shared);
    return make_error(errc::bad_input, "x25519: low-order peer key (all-zero shared secret)");
  }
  return shared;
}

result<std::size_t> key_agreement::seal(bytes_view key, bytes_view nonce, bytes_view ad,
                                        bytes_view plaintext, std::uint8_t* out) const {
  if (auto bad = bad_aead_lengths(key, nonce))
    return *bad;
  return raw_seal(key, nonce, ad, plaintext, out);
}

result<std::size_t> key_agreement::open(bytes_view key, bytes_view nonce, bytes_view ad,
                                        bytes_view ciphertext, std::uint8_t* out) const {
  if (auto bad = bad_aead_lengths(key, nonce))
    return *bad;
  if (ciphertext.size < tag_size)
    return make_error(errc::bad_input, "chacha20-poly1305: shorter than its tag");
  auto verified = raw_open(key, nonce, ad, ciphertext, out);
  // Whatever a library wrote before it failed is unverified: never leave it.
  if (!verified || !*verified)
    cleanse(out, ciphertext.size - tag_size);
  if (!verified)
    return verified.err();
  if (!*verified)
    return make_error(errc::authentication_failed, "chacha20-poly1305: tag did not verify");
  return ciphertext.size - tag_size;
}

result<std::pair<digest, digest>> key_agreement::hkdf2(const digest& chaining_key,
                                                       bytes_view ikm) const {
  // RFC 5869 with an empty info: extract, then two expand blocks.
  auto prk = hmac({chaining_key.data(), chaining_key.size()}, ikm);
  if (!prk)
    return prk.err();
  const std::uint8_t one = 1;
  auto first = hmac({prk->data(), prk->size()}, {&one, 1});
  if (!first)
    return first.err();
  secret_array<33> block;
  std::copy(first->begin(), first->end(), block.begin());
  block[32] = 2;
  auto second = hmac({prk->data(), prk->size()}, {block.data(), block.size()});
  if (!second)
    return second.err();
  return std::pair<digest, digest>{*first, *second};
}

void wipe(bytes& secret) noexcept {
  if (!secret.empty())
    OPENSSL_cleanse(secret.data(), secret.size());
  secret.clear();
}

void wipe(digest& secret) noexcept {
  cleanse(secret.data(), secret.size());
}

result<const key_agreement*> find_key_agreement(std::string_view name) {
  const key_agreement* found = nullptr;
  for (const auto& library : detail::compiled_libraries())
    if (library.agreement != nullptr && library.name == name)
      found = &library.agreement();
  if (found == nullptr)
    return make_error(errc::unknown_backend,
                      "no key agreement '" + std::string(name) + "' (valid: "
                        + detail::library_names_with(&detail::library_entry::agreement) + ")");
  if (!found->is_available())
    return make_error(errc::cipher_unavailable,
                      "key agreement '" + std::string(name) + "' did not initialise");
  return found;
}

} // namespace actorbench::crypto
