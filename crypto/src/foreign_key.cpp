#include "foreign_key.hpp"

#include <utility>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/x509.h>
#include <sodium.h>

#include "key_state.hpp"

namespace actorbench::crypto {

generated_key::state::~state() {
  // sodium_memzero is not optimised away, unlike a plain memset.
  if (!secret_key.empty())
    sodium_memzero(secret_key.data(), secret_key.size());
  if (!foreign.empty())
    sodium_memzero(foreign.data(), foreign.size());
}

namespace detail {

result<evp_pkey_ptr> import_foreign_key(const generated_key::state& s) {
  const auto& der = s.foreign;
  const unsigned char* p = der.data();
  const auto len = static_cast<long>(der.size());
  evp_pkey_ptr pkey;
  switch (s.algo) {
    case key_algorithm::rsa:
    case key_algorithm::ec:
      pkey.reset(d2i_AutoPrivateKey(nullptr, &p, len));
      break;
    case key_algorithm::dh:
      pkey.reset(d2i_KeyParams(EVP_PKEY_DH, nullptr, &p, len));
      break;
    case key_algorithm::x25519:
    case key_algorithm::ed25519:
      pkey.reset(EVP_PKEY_new_raw_private_key(
        s.algo == key_algorithm::x25519 ? EVP_PKEY_X25519 : EVP_PKEY_ED25519, nullptr, der.data(),
        der.size()));
      break;
  }
  // Trailing bytes mean OpenSSL read something other than what was handed over.
  bool whole = s.algo == key_algorithm::x25519 || s.algo == key_algorithm::ed25519
               || p == der.data() + der.size();
  if (!pkey || !whole) {
    ERR_clear_error();
    return make_error(errc::bad_input, "OpenSSL cannot read the " + std::string{to_string(s.algo)}
                                         + " key (" + std::to_string(der.size()) + " bytes)");
  }
  return pkey;
}

result<EVP_PKEY*> openssl_key_of(const generated_key::state& s, evp_pkey_ptr& storage) {
  if (s.pkey)
    return s.pkey.get();
  if (s.foreign.empty())
    return make_error(errc::bad_input, "not an OpenSSL or foreign key");
  auto imported = import_foreign_key(s);
  if (!imported)
    return imported.err();
  storage = std::move(*imported);
  return storage.get();
}

} // namespace detail

generated_key make_foreign_key(key_algorithm algo, bytes encoded) {
  auto s = std::make_unique<generated_key::state>();
  s->algo = algo;
  s->foreign = std::move(encoded);
  return generated_key{std::move(s)};
}

bytes foreign_encoding(const generated_key& key) {
  return key.get() != nullptr ? key.get()->foreign : bytes{};
}

foreign_key_generator::foreign_key_generator(keygen_request request)
  : request_(std::move(request)) {}

foreign_key_generator::~foreign_key_generator() = default;

result<bool> foreign_key_generator::validate(const generated_key& key) {
  const auto* s = key.get();
  if (s == nullptr || s->foreign.empty() || s->algo != request_.algo)
    return make_error(errc::bad_input, "not a " + describe(request_) + " key");
  if (!openssl_) {
    auto gen = make_key_generator({request_.algo, request_.bits, "openssl"});
    if (!gen)
      return gen.err();
    openssl_ = std::move(*gen);
  }
  auto imported = detail::import_foreign_key(*s);
  if (!imported)
    return false;
  auto as_openssl = std::make_unique<generated_key::state>();
  as_openssl->algo = s->algo;
  as_openssl->pkey = std::move(*imported);
  return openssl_->validate(generated_key{std::move(as_openssl)});
}

} // namespace actorbench::crypto
