#pragma once

// Internal to the crypto library: owning handles for OpenSSL objects.

#include <memory>

#include <openssl/evp.h>

namespace actorbench::crypto::detail {

struct evp_cipher_deleter {
  void operator()(EVP_CIPHER* p) const noexcept { EVP_CIPHER_free(p); }
};

struct evp_cipher_ctx_deleter {
  void operator()(EVP_CIPHER_CTX* p) const noexcept { EVP_CIPHER_CTX_free(p); }
};

using evp_cipher_ptr = std::unique_ptr<EVP_CIPHER, evp_cipher_deleter>;
using evp_cipher_ctx_ptr = std::unique_ptr<EVP_CIPHER_CTX, evp_cipher_ctx_deleter>;

} // namespace actorbench::crypto::detail
