#pragma once

// A key agreement for tests that runs a real one but can be told which
// ephemeral secrets its key generation hands out (to reproduce published
// Noise vectors) and to make one kind of primitive fail at its n-th call
// (to show that a failure fails the handshake instead of deriving keys).

#include <cstddef>
#include <deque>

#include "crypto/key_agreement.hpp"

namespace actorbench::testing {

class scripted_key_agreement final : public crypto::key_agreement {
 public:
  enum class fault { none, hash, hmac, dh, seal, open };

  explicit scripted_key_agreement(const crypto::key_agreement& real) : real_(real) {}

  /// Secrets generate() returns, in order, before it falls back to random ones.
  mutable std::deque<crypto::bytes> ephemerals;

  /// Makes call number `after` (0: the first) of `kind` fail.
  void fail(fault kind, std::size_t after) {
    kind_ = kind;
    after_ = after;
    fired_ = false;
    calls_ = 0;
  }
  /// Whether the scripted failure happened.
  bool fired() const noexcept { return fired_; }

  std::string_view name() const noexcept override { return real_.name(); }
  bool is_available() const noexcept override { return real_.is_available(); }
  bool random(std::uint8_t* out, std::size_t size) const override {
    return real_.random(out, size);
  }

  crypto::result<crypto::key_pair> generate() const override {
    if (ephemerals.empty())
      return real_.generate();
    crypto::bytes secret = ephemerals.front();
    ephemerals.pop_front();
    crypto::bytes base(key_size, 0);
    base[0] = 9;
    auto pub = real_.dh(secret, base);
    if (!pub)
      return pub.err();
    return crypto::key_pair{*pub, secret};
  }

  crypto::result<crypto::digest> hash(crypto::bytes_view a, crypto::bytes_view b) const override {
    if (trip(fault::hash))
      return injected();
    return real_.hash(a, b);
  }

  crypto::result<crypto::digest> hmac(crypto::bytes_view key,
                                      crypto::bytes_view data) const override {
    if (trip(fault::hmac))
      return injected();
    return real_.hmac(key, data);
  }

 protected:
  bool raw_dh(const std::uint8_t* secret, const std::uint8_t* peer_public,
              std::uint8_t* shared) const override {
    if (trip(fault::dh))
      return false;
    auto r =
      real_.dh(crypto::bytes_view{secret, key_size}, crypto::bytes_view{peer_public, key_size});
    if (!r)
      return false;
    std::copy(r->begin(), r->end(), shared);
    return true;
  }

  crypto::result<std::size_t> raw_seal(crypto::bytes_view key, crypto::bytes_view nonce,
                                       crypto::bytes_view ad, crypto::bytes_view plaintext,
                                       std::uint8_t* out) const override {
    if (trip(fault::seal))
      return injected();
    return real_.seal(key, nonce, ad, plaintext, out);
  }

  crypto::result<bool> raw_open(crypto::bytes_view key, crypto::bytes_view nonce,
                                crypto::bytes_view ad, crypto::bytes_view ciphertext,
                                std::uint8_t* out) const override {
    if (trip(fault::open)) {
      // As a library failing half-way would: plaintext written, unverified.
      std::fill(out, out + ciphertext.size - tag_size, std::uint8_t{0xee});
      return injected();
    }
    auto r = real_.open(key, nonce, ad, ciphertext, out);
    if (!r)
      return r.err().code == crypto::errc::authentication_failed ? crypto::result<bool>(false)
                                                                 : crypto::result<bool>(r.err());
    return true;
  }

 private:
  static crypto::error injected() {
    return crypto::make_error(crypto::errc::backend_failure, "injected failure");
  }
  bool trip(fault kind) const {
    if (kind != kind_ || fired_)
      return false;
    if (calls_++ != after_)
      return false;
    fired_ = true;
    return true;
  }

  const crypto::key_agreement& real_;
  fault kind_ = fault::none;
  std::size_t after_ = 0;
  mutable std::size_t calls_ = 0;
  mutable bool fired_ = false;
};

} // namespace actorbench::testing
