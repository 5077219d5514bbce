#include "crypto/key_generator.hpp"

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/pem.h>

#include "key_state.hpp"
#include "openssl/openssl_handles.hpp"

namespace actorbench::crypto {

using detail::bio_ptr;
using detail::evp_pkey_ptr;

std::string to_pem(const generated_key& key) {
  const auto* s = key.get();
  if (s == nullptr)
    return {};
  if (!s->pkey && s->foreign.empty())
    return "secret_key " + to_hex(s->secret_key) + "\npublic_key " + to_hex(s->public_key) + "\n";
  evp_pkey_ptr imported;
  auto pkey = detail::openssl_key_of(*s, imported);
  bio_ptr bio{BIO_new(BIO_s_mem())};
  if (!pkey || !bio)
    return {};
  int rc = s->algo == key_algorithm::dh
             ? PEM_write_bio_Parameters(bio.get(), *pkey)
             : PEM_write_bio_PrivateKey(bio.get(), *pkey, nullptr, nullptr, 0, nullptr, nullptr);
  if (rc != 1) {
    ERR_clear_error();
    return {};
  }
  char* data = nullptr;
  long len = BIO_get_mem_data(bio.get(), &data);
  return len > 0 ? std::string(data, static_cast<std::size_t>(len)) : std::string{};
}

} // namespace actorbench::crypto
