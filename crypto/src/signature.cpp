#include "crypto/key_generator.hpp"

#include <string>

#include <sodium.h>

#include "key_state.hpp"
#include "openssl/openssl_handles.hpp"
#include "openssl/openssl_signature.hpp"

namespace actorbench::crypto {

namespace {

// Runs `use` on the OpenSSL form of an Ed25519 key (its own or a foreign
// key read into OpenSSL), or `use_sodium` on a libsodium key pair; `doing`
// names the operation for the error a key of another kind gets.
template <class R, class OpenSSL, class Sodium>
result<R> with_ed25519_key(const generated_key& key, const char* doing, OpenSSL use_openssl,
                           Sodium use_sodium) {
  const auto* s = key.get();
  if (s == nullptr || s->algo != key_algorithm::ed25519)
    return make_error(errc::bad_input, std::string{doing} + " needs an Ed25519 key");
  if (!s->secret_key.empty())
    return use_sodium(*s);
  detail::evp_pkey_ptr imported;
  auto pkey = detail::openssl_key_of(*s, imported);
  if (!pkey)
    return pkey.err();
  return use_openssl(*pkey);
}

} // namespace

result<bytes> sign(const generated_key& key, bytes_view message) {
  return with_ed25519_key<bytes>(
    key, "signing", [&](EVP_PKEY* pkey) { return detail::openssl_sign(pkey, message); },
    [&](const generated_key::state& s) -> result<bytes> {
      bytes sig(crypto_sign_BYTES);
      if (crypto_sign_detached(sig.data(), nullptr, message.data, message.size, s.secret_key.data())
          != 0)
        return make_error(errc::backend_failure, "crypto_sign_detached failed");
      return sig;
    });
}

result<bool> verify(const generated_key& key, bytes_view message, bytes_view signature) {
  return with_ed25519_key<bool>(
    key, "verifying",
    [&](EVP_PKEY* pkey) { return detail::openssl_verify(pkey, message, signature); },
    [&](const generated_key::state& s) -> result<bool> {
      if (signature.size != crypto_sign_BYTES)
        return false;
      return crypto_sign_verify_detached(signature.data, message.data, message.size,
                                         s.public_key.data())
             == 0;
    });
}

} // namespace actorbench::crypto
