// The key agreement on libsodium: crypto_scalarmult (X25519),
// crypto_hash_sha256, crypto_auth_hmacsha256 and the IETF ChaCha20-Poly1305.
#include <optional>
#include <string>

#include <sodium.h>

#include "crypto/key_agreement.hpp"

namespace actorbench::crypto {

namespace {

bool all_zero(const std::uint8_t* p, std::size_t n) {
  return sodium_is_zero(p, n) == 1;
}

class sodium_agreement final : public key_agreement {
 public:
  sodium_agreement() : initialised_(sodium_init() >= 0) {}

  std::string_view name() const noexcept override { return "sodium"; }
  bool is_available() const noexcept override { return initialised_; }

  bool random(std::uint8_t* out, std::size_t size) const override {
    randombytes_buf(out, size);
    return true;
  }

  result<key_pair> generate() const override {
    key_pair kp{bytes(key_size), bytes(key_size)};
    randombytes_buf(kp.secret_key.data(), key_size);
    if (crypto_scalarmult_base(kp.public_key.data(), kp.secret_key.data()) != 0)
      return make_error(errc::backend_failure, "sodium: crypto_scalarmult_base failed");
    return kp;
  }

  result<bytes> dh(bytes_view secret, bytes_view peer_public) const override {
    if (secret.size != key_size || peer_public.size != key_size)
      return make_error(errc::bad_key_length, "x25519 keys are 32 bytes, got "
                                                + std::to_string(secret.size) + " and "
                                                + std::to_string(peer_public.size));
    bytes shared(key_size);
    // crypto_scalarmult fails on an all-zero result; the check below says why.
    const int rc = crypto_scalarmult(shared.data(), secret.data, peer_public.data);
    if (rc != 0 || all_zero(shared.data(), shared.size()))
      return make_error(errc::bad_input, "x25519: low-order peer key (all-zero shared secret)");
    return shared;
  }

  digest hash(bytes_view a, bytes_view b) const override {
    crypto_hash_sha256_state st;
    crypto_hash_sha256_init(&st);
    crypto_hash_sha256_update(&st, a.data, a.size);
    crypto_hash_sha256_update(&st, b.data, b.size);
    digest out{};
    crypto_hash_sha256_final(&st, out.data());
    return out;
  }

  digest hmac(bytes_view key, bytes_view data) const override {
    crypto_auth_hmacsha256_state st;
    crypto_auth_hmacsha256_init(&st, key.data, key.size);
    crypto_auth_hmacsha256_update(&st, data.data, data.size);
    digest out{};
    crypto_auth_hmacsha256_final(&st, out.data());
    return out;
  }

  result<std::size_t> seal(bytes_view key, bytes_view nonce, bytes_view ad, bytes_view plaintext,
                           std::uint8_t* out) const override {
    if (auto bad = check(key, nonce))
      return *bad;
    unsigned long long n = 0;
    crypto_aead_chacha20poly1305_ietf_encrypt(out, &n, plaintext.data, plaintext.size, ad.data,
                                              ad.size, nullptr, nonce.data, key.data);
    return static_cast<std::size_t>(n);
  }

  result<std::size_t> open(bytes_view key, bytes_view nonce, bytes_view ad, bytes_view ciphertext,
                           std::uint8_t* out) const override {
    if (auto bad = check(key, nonce))
      return *bad;
    if (ciphertext.size < tag_size)
      return make_error(errc::bad_input, "chacha20-poly1305: shorter than its tag");
    unsigned long long n = 0;
    if (crypto_aead_chacha20poly1305_ietf_decrypt(out, &n, nullptr, ciphertext.data,
                                                  ciphertext.size, ad.data, ad.size, nonce.data,
                                                  key.data)
        != 0)
      return make_error(errc::authentication_failed, "chacha20-poly1305: tag did not verify");
    return static_cast<std::size_t>(n);
  }

 private:
  static std::optional<error> check(bytes_view key, bytes_view nonce) {
    if (key.size != crypto_aead_chacha20poly1305_ietf_KEYBYTES)
      return make_error(errc::bad_key_length,
                        "chacha20-poly1305 keys are 32 bytes, got " + std::to_string(key.size));
    if (nonce.size != crypto_aead_chacha20poly1305_ietf_NPUBBYTES)
      return make_error(errc::bad_nonce_length,
                        "chacha20-poly1305 nonces are 12 bytes, got " + std::to_string(nonce.size));
    return std::nullopt;
  }

  bool initialised_;
};

} // namespace

const key_agreement& sodium_key_agreement() {
  static const sodium_agreement instance;
  return instance;
}

} // namespace actorbench::crypto
