#include "crypto/key_generator.hpp"

#include <sodium.h>

#include "key_state.hpp"
#include "openssl/openssl_handles.hpp"
#include "openssl/openssl_signature.hpp"

namespace actorbench::crypto {

using detail::evp_pkey_ptr;
using detail::openssl_sign;
using detail::openssl_verify;

result<bytes> sign(const generated_key& key, bytes_view message) {
  const auto* s = key.get();
  if (s == nullptr || s->algo != key_algorithm::ed25519)
    return make_error(errc::bad_input, "signing needs an Ed25519 key");
  if (s->secret_key.empty()) {
    evp_pkey_ptr imported;
    auto pkey = detail::openssl_key_of(*s, imported);
    if (!pkey)
      return pkey.err();
    return openssl_sign(*pkey, message);
  }
  bytes sig(crypto_sign_BYTES);
  if (crypto_sign_detached(sig.data(), nullptr, message.data, message.size, s->secret_key.data())
      != 0)
    return make_error(errc::backend_failure, "crypto_sign_detached failed");
  return sig;
}

result<bool> verify(const generated_key& key, bytes_view message, bytes_view signature) {
  const auto* s = key.get();
  if (s == nullptr || s->algo != key_algorithm::ed25519)
    return make_error(errc::bad_input, "verifying needs an Ed25519 key");
  if (s->secret_key.empty()) {
    evp_pkey_ptr imported;
    auto pkey = detail::openssl_key_of(*s, imported);
    if (!pkey)
      return pkey.err();
    return openssl_verify(*pkey, message, signature);
  }
  if (signature.size != crypto_sign_BYTES)
    return false;
  return crypto_sign_verify_detached(signature.data, message.data, message.size,
                                     s->public_key.data())
         == 0;
}

} // namespace actorbench::crypto
