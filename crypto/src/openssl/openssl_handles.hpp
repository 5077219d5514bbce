#pragma once

// Internal to the crypto library: owning handles for OpenSSL objects.

#include <memory>

#include <openssl/bio.h>
#include <openssl/evp.h>

namespace actorbench::crypto::detail {

template <class T, void (*Free)(T*)>
struct openssl_deleter {
  void operator()(T* p) const noexcept { Free(p); }
};

using evp_cipher_ptr = std::unique_ptr<EVP_CIPHER, openssl_deleter<EVP_CIPHER, EVP_CIPHER_free>>;
using evp_cipher_ctx_ptr =
  std::unique_ptr<EVP_CIPHER_CTX, openssl_deleter<EVP_CIPHER_CTX, EVP_CIPHER_CTX_free>>;
using evp_pkey_ptr = std::unique_ptr<EVP_PKEY, openssl_deleter<EVP_PKEY, EVP_PKEY_free>>;
using evp_pkey_ctx_ptr =
  std::unique_ptr<EVP_PKEY_CTX, openssl_deleter<EVP_PKEY_CTX, EVP_PKEY_CTX_free>>;
using evp_md_ctx_ptr = std::unique_ptr<EVP_MD_CTX, openssl_deleter<EVP_MD_CTX, EVP_MD_CTX_free>>;

// BIO_free returns int, so it gets a deleter of its own.
struct bio_deleter {
  void operator()(BIO* p) const noexcept { BIO_free(p); }
};
using bio_ptr = std::unique_ptr<BIO, bio_deleter>;

} // namespace actorbench::crypto::detail
