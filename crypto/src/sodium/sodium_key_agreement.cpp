// The key agreement on libsodium: crypto_scalarmult (X25519),
// crypto_hash_sha256, crypto_auth_hmacsha256 and the IETF ChaCha20-Poly1305.
#include <sodium.h>

#include "crypto/key_agreement.hpp"

namespace actorbench::crypto {

namespace {

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

  bool raw_dh(const std::uint8_t* secret, const std::uint8_t* peer_public,
              std::uint8_t* shared) const override {
    return crypto_scalarmult(shared, secret, peer_public) == 0;
  }

  result<digest> hash(bytes_view a, bytes_view b) const override {
    crypto_hash_sha256_state st;
    digest out;
    const bool ok = crypto_hash_sha256_init(&st) == 0
                    && crypto_hash_sha256_update(&st, a.data, a.size) == 0
                    && crypto_hash_sha256_update(&st, b.data, b.size) == 0
                    && crypto_hash_sha256_final(&st, out.data()) == 0;
    sodium_memzero(&st, sizeof st);
    if (!ok)
      return make_error(errc::backend_failure, "sodium: crypto_hash_sha256 failed");
    return out;
  }

  result<digest> hmac(bytes_view key, bytes_view data) const override {
    // The state holds the key's pads: wiped whatever happens.
    crypto_auth_hmacsha256_state st;
    digest out;
    const bool ok = crypto_auth_hmacsha256_init(&st, key.data, key.size) == 0
                    && crypto_auth_hmacsha256_update(&st, data.data, data.size) == 0
                    && crypto_auth_hmacsha256_final(&st, out.data()) == 0;
    sodium_memzero(&st, sizeof st);
    if (!ok)
      return make_error(errc::backend_failure, "sodium: crypto_auth_hmacsha256 failed");
    return out;
  }

  result<std::size_t> raw_seal(bytes_view key, bytes_view nonce, bytes_view ad,
                               bytes_view plaintext, std::uint8_t* out) const override {
    unsigned long long n = 0;
    if (crypto_aead_chacha20poly1305_ietf_encrypt(out, &n, plaintext.data, plaintext.size, ad.data,
                                                  ad.size, nullptr, nonce.data, key.data)
        != 0)
      return make_error(errc::backend_failure, "sodium: chacha20-poly1305 encryption failed");
    return static_cast<std::size_t>(n);
  }

  result<bool> raw_open(bytes_view key, bytes_view nonce, bytes_view ad, bytes_view ciphertext,
                        std::uint8_t* out) const override {
    unsigned long long n = 0;
    return crypto_aead_chacha20poly1305_ietf_decrypt(out, &n, nullptr, ciphertext.data,
                                                     ciphertext.size, ad.data, ad.size, nonce.data,
                                                     key.data)
           == 0;
  }

 private:
  bool initialised_;
};

} // namespace

const key_agreement& sodium_key_agreement() {
  static const sodium_agreement instance;
  return instance;
}

} // namespace actorbench::crypto
