#pragma once
// Internal to the crypto library: the Ed25519 check the OpenSSL and
// libsodium key generators' validate() share.

#include "crypto/bytes.hpp"
#include "crypto/error.hpp"

namespace actorbench::crypto::detail {

inline const bytes& validation_message() {
  static const bytes msg = [] {
    const char text[] = "actorbench key validation message";
    return bytes(text, text + sizeof(text) - 1);
  }();
  return msg;
}

// The signature must verify, and the same signature with one bit flipped
// must not.
template <class Sign, class Verify>
result<bool> sign_verify_tamper(Sign sign_fn, Verify verify_fn) {
  const auto& msg = validation_message();
  auto sig = sign_fn(msg);
  if (!sig)
    return sig.err();
  auto good = verify_fn(msg, *sig);
  if (!good || !*good)
    return good;
  (*sig)[0] ^= 0x01;
  auto tampered = verify_fn(msg, *sig);
  if (!tampered)
    return tampered;
  return !*tampered;
}

} // namespace actorbench::crypto::detail
