#include "sodium/sodium_keygen.hpp"

#include <array>
#include <cstring>
#include <utility>

#include <sodium.h>

#include "key_state.hpp"
#include "sign_verify_check.hpp"

namespace actorbench::crypto {

namespace {

using detail::sign_verify_tamper;

class sodium_key_generator final : public key_generator {
 public:
  explicit sodium_key_generator(keygen_request request) : request_(std::move(request)) {}

  const keygen_request& request() const noexcept override { return request_; }

  result<generated_key> generate() override {
    auto s = std::make_unique<generated_key::state>();
    s->algo = request_.algo;
    int rc = -1;
    if (request_.algo == key_algorithm::x25519) {
      s->public_key.resize(crypto_box_PUBLICKEYBYTES);
      s->secret_key.resize(crypto_box_SECRETKEYBYTES);
      rc = crypto_box_keypair(s->public_key.data(), s->secret_key.data());
    } else {
      s->public_key.resize(crypto_sign_PUBLICKEYBYTES);
      s->secret_key.resize(crypto_sign_SECRETKEYBYTES);
      rc = crypto_sign_keypair(s->public_key.data(), s->secret_key.data());
    }
    if (rc != 0)
      return make_error(errc::backend_failure, describe(request_) + " generation failed");
    return generated_key{std::move(s)};
  }

  result<bool> validate(const generated_key& key) override {
    const auto* s = key.get();
    if (s == nullptr || s->secret_key.empty() || s->algo != request_.algo)
      return make_error(errc::bad_input, "not a " + describe(request_) + " key");
    if (request_.algo == key_algorithm::ed25519) {
      std::array<unsigned char, crypto_sign_PUBLICKEYBYTES> pk{};
      crypto_sign_ed25519_sk_to_pk(pk.data(), s->secret_key.data());
      if (std::memcmp(pk.data(), s->public_key.data(), pk.size()) != 0)
        return false;
      return sign_verify_tamper(
        [&key](const bytes& m) { return sign(key, m); },
        [&key](const bytes& m, const bytes& sig) { return verify(key, m, sig); });
    }
    std::array<unsigned char, crypto_scalarmult_BYTES> pk{};
    if (crypto_scalarmult_base(pk.data(), s->secret_key.data()) != 0
        || std::memcmp(pk.data(), s->public_key.data(), pk.size()) != 0)
      return false;
    auto peer = generate();
    if (!peer)
      return peer.err();
    const auto* p = peer->get();
    std::array<unsigned char, crypto_scalarmult_BYTES> ab{}, ba{};
    if (crypto_scalarmult(ab.data(), s->secret_key.data(), p->public_key.data()) != 0
        || crypto_scalarmult(ba.data(), p->secret_key.data(), s->public_key.data()) != 0)
      return false;
    bool same = sodium_memcmp(ab.data(), ba.data(), ab.size()) == 0;
    sodium_memzero(ab.data(), ab.size());
    sodium_memzero(ba.data(), ba.size());
    return same;
  }

 private:
  keygen_request request_;
};

} // namespace

result<std::unique_ptr<key_generator>> make_sodium_key_generator(const keygen_request& request) {
  if (has_key_size(request.algo))
    return make_error(errc::unknown_cipher, "back-end 'sodium' cannot generate "
                                              + std::string{to_string(request.algo)}
                                              + " keys (it has x25519 and ed25519; use openssl)");
  if (sodium_init() < 0)
    return make_error(errc::backend_failure, "sodium_init() failed");
  return std::unique_ptr<key_generator>{std::make_unique<sodium_key_generator>(request)};
}

} // namespace actorbench::crypto
