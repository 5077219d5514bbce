#include "openssl/openssl_signature.hpp"

#include <openssl/err.h>

#include "openssl/openssl_errors.hpp"
#include "openssl/openssl_handles.hpp"

namespace actorbench::crypto::detail {

result<bytes> openssl_sign(EVP_PKEY* pkey, bytes_view message) {
  evp_md_ctx_ptr md{EVP_MD_CTX_new()};
  if (!md || EVP_DigestSignInit(md.get(), nullptr, nullptr, nullptr, pkey) != 1)
    return openssl_failure("EVP_DigestSignInit");
  std::size_t len = 0;
  if (EVP_DigestSign(md.get(), nullptr, &len, message.data, message.size) != 1)
    return openssl_failure("EVP_DigestSign");
  bytes sig(len);
  if (EVP_DigestSign(md.get(), sig.data(), &len, message.data, message.size) != 1)
    return openssl_failure("EVP_DigestSign");
  sig.resize(len);
  return sig;
}

result<bool> openssl_verify(EVP_PKEY* pkey, bytes_view message, bytes_view signature) {
  evp_md_ctx_ptr md{EVP_MD_CTX_new()};
  if (!md || EVP_DigestVerifyInit(md.get(), nullptr, nullptr, nullptr, pkey) != 1)
    return openssl_failure("EVP_DigestVerifyInit");
  int rc = EVP_DigestVerify(md.get(), signature.data, signature.size, message.data, message.size);
  if (rc != 1) {
    // A bad signature is an answer, not a failure; its error entry goes.
    ERR_clear_error();
    return false;
  }
  return true;
}

} // namespace actorbench::crypto::detail
