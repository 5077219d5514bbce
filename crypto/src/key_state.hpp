#pragma once

// Internal to the crypto library: what a generated_key holds, shared by the
// OpenSSL, libsodium and foreign-library generators.

#include "crypto/bytes.hpp"
#include "crypto/error.hpp"
#include "crypto/key_generator.hpp"
#include "openssl/openssl_handles.hpp"

namespace actorbench::crypto {

struct generated_key::state {
  key_algorithm algo;
  /// OpenSSL keys (and DH parameters).
  detail::evp_pkey_ptr pkey;
  /// libsodium key pairs.
  bytes public_key;
  bytes secret_key;
  /// A key another library generated, in the encoding make_foreign_key
  /// describes; OpenSSL reads it only when it is validated or printed, so
  /// that generation is timed without an import the library did not do.
  bytes foreign;

  ~state();
};

namespace detail {

/// The foreign key of `s` read into OpenSSL; errc::bad_input if OpenSSL
/// cannot read it.
result<evp_pkey_ptr> import_foreign_key(const generated_key::state& s);

/// The OpenSSL key of `s`: its own, or its foreign key read into OpenSSL
/// (then owned by `storage`). Null (and an error) if it has neither.
result<EVP_PKEY*> openssl_key_of(const generated_key::state& s, evp_pkey_ptr& storage);

} // namespace detail

} // namespace actorbench::crypto
