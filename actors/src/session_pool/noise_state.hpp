#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "actors/error.hpp"
#include "actors/session_pool/handshake.hpp"
#include "session_pool/handshake_wire.hpp"

namespace actorbench::actors {

// Noise's SymmetricState for one side's handshake (NK and IK, 25519,
// ChaChaPoly, SHA256). Every step reports a failing primitive: the first
// failure is kept and later steps do nothing, so a handshake never goes on
// from a digest or key a library did not make.
class noise_state {
 public:
  noise_state(const crypto::key_agreement& ka, handshake_state& st) : ka_(ka), st_(st) {}

  // InitializeSymmetric(name), MixHash(prologue), then the pre-message: the
  // responder's static key (NK and IK alike).
  bool initialize(handshake_pattern pattern, crypto::bytes_view prologue,
                  crypto::bytes_view responder_static) {
    const std::string_view name = protocol_name(pattern);
    // Names of at most 32 bytes are padded with zeros, longer ones hashed
    // (both of ours are exactly 32).
    if (name.size() <= st_.h.size()) {
      st_.h.fill(0);
      std::copy(name.begin(), name.end(), st_.h.begin());
    } else {
      auto d = ka_.hash(name);
      if (!d)
        return fail(errc::crypto_failure, d.err().detail);
      st_.h = *d;
    }
    st_.ck = st_.h;
    return mix_hash(prologue) && mix_hash(responder_static);
  }

  bool mix_hash(crypto::bytes_view data) {
    if (failure_)
      return false;
    auto d = ka_.hash(view(st_.h), data);
    if (!d)
      return fail(errc::crypto_failure, "MixHash: " + d.err().detail);
    st_.h = *d;
    return true;
  }

  // MixKey(DH(secret, peer)): `what` names the DH in an error.
  bool mix_dh(const crypto::prepared_secret* prepared, crypto::bytes_view secret,
              crypto::bytes_view peer, errc code, const std::string& what) {
    if (failure_)
      return false;
    auto shared = ka_.dh(prepared, secret, peer);
    if (!shared)
      return fail(code, what + ": " + shared.err().detail);
    auto keys = ka_.hkdf2(st_.ck, *shared);
    crypto::wipe(*shared);
    if (!keys)
      return fail(errc::crypto_failure, "MixKey: " + keys.err().detail);
    st_.ck = keys->first;
    k_ = keys->second;
    return true;
  }

  // EncryptAndHash into `out` (plain.size + 16 bytes).
  bool encrypt_and_hash(crypto::bytes_view plain, std::uint8_t* out) {
    if (failure_)
      return false;
    auto n = ka_.seal(view(k_), {zero_nonce.data(), zero_nonce.size()}, view(st_.h), plain, out);
    if (!n)
      return fail(errc::crypto_failure, n.err().detail);
    return mix_hash({out, *n});
  }

  // DecryptAndHash into `out` (sealed.size - 16 bytes, zeros on failure).
  bool decrypt_and_hash(crypto::bytes_view sealed, std::uint8_t* out, const std::string& what) {
    if (failure_)
      return false;
    auto n = ka_.open(view(k_), {zero_nonce.data(), zero_nonce.size()}, view(st_.h), sealed, out);
    if (!n)
      return fail(n.err().code == crypto::errc::authentication_failed ? errc::authentication_failed
                                                                      : errc::crypto_failure,
                  what);
    return mix_hash(sealed);
  }

  // Split(): the initiator sends with the first key.
  std::optional<session_keys> split(bool initiator) {
    if (failure_)
      return std::nullopt;
    auto keys = ka_.hkdf2(st_.ck, {});
    if (!keys) {
      fail(errc::crypto_failure, "Split: " + keys.err().detail);
      return std::nullopt;
    }
    session_keys out;
    out.send.assign(keys->first.begin(), keys->first.end());
    out.receive.assign(keys->second.begin(), keys->second.end());
    if (!initiator)
      std::swap(out.send, out.receive);
    std::copy(st_.h.begin(), st_.h.end(), out.transcript.begin());
    return out;
  }

  bool fail(errc code, std::string detail) {
    if (!failure_)
      failure_ = handshake_error(code, std::move(detail));
    return false;
  }

  error failure() const {
    return failure_ ? *failure_ : handshake_error(errc::crypto_failure, "?");
  }

 private:
  // Each key from MixKey encrypts one message part in these two patterns, so
  // Noise's nonce n is always 0 (4 zero bytes || 64-bit little-endian n).
  static constexpr std::array<std::uint8_t, crypto::key_agreement::nonce_size> zero_nonce{};

  static crypto::bytes_view view(const crypto::digest& d) noexcept { return {d.data(), d.size()}; }

  const crypto::key_agreement& ka_;
  handshake_state& st_;
  crypto::digest k_;
  std::optional<error> failure_;
};

} // namespace actorbench::actors
