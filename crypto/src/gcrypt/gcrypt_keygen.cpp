#include "gcrypt/gcrypt_keygen.hpp"

#include <algorithm>
#include <string>

#include <gcrypt.h>

#include "foreign_key.hpp"
#include "gcrypt/gcrypt_init.hpp"
#include "key_der.hpp"

namespace actorbench::crypto {

namespace {

using detail::gcrypt_failure;

struct sexp_deleter {
  void operator()(gcry_sexp_t s) const noexcept { gcry_sexp_release(s); }
};
using sexp_ptr = std::unique_ptr<std::remove_pointer_t<gcry_sexp_t>, sexp_deleter>;

struct mpi_deleter {
  void operator()(gcry_mpi_t m) const noexcept { gcry_mpi_release(m); }
};
using mpi_ptr = std::unique_ptr<std::remove_pointer_t<gcry_mpi_t>, mpi_deleter>;

// The value of the (name value) element under `key`, as raw bytes.
bytes data_of(gcry_sexp_t key, const char* name) {
  sexp_ptr token{gcry_sexp_find_token(key, name, 0)};
  std::size_t n = 0;
  const char* p = token ? gcry_sexp_nth_data(token.get(), 1, &n) : nullptr;
  return p ? bytes(p, p + n) : bytes{};
}

mpi_ptr mpi_of(gcry_sexp_t key, const char* name) {
  sexp_ptr token{gcry_sexp_find_token(key, name, 0)};
  return mpi_ptr{token ? gcry_sexp_nth_mpi(token.get(), 1, GCRYMPI_FMT_USG) : nullptr};
}

bytes to_bytes(gcry_mpi_t m) {
  std::size_t n = 0;
  gcry_mpi_print(GCRYMPI_FMT_USG, nullptr, 0, &n, m);
  bytes out(n);
  gcry_mpi_print(GCRYMPI_FMT_USG, out.data(), out.size(), &n, m);
  out.resize(n);
  return out;
}

// d mod (prime - 1)
bytes crt_exponent(gcry_mpi_t d, gcry_mpi_t prime) {
  mpi_ptr prime1{gcry_mpi_new(0)}, r{gcry_mpi_new(0)};
  gcry_mpi_sub_ui(prime1.get(), prime, 1);
  gcry_mpi_mod(r.get(), d, prime1.get());
  return to_bytes(r.get());
}

// libgcrypt keeps p < q and u = p^-1 mod q; PKCS#1 wants
// coefficient = prime2^-1 mod prime1, so prime1 is libgcrypt's q.
result<bytes> export_rsa(gcry_sexp_t key) {
  mpi_ptr n = mpi_of(key, "n"), e = mpi_of(key, "e"), d = mpi_of(key, "d"), p = mpi_of(key, "p"),
          q = mpi_of(key, "q"), u = mpi_of(key, "u");
  if (!n || !e || !d || !p || !q || !u)
    return make_error(errc::backend_failure, "gcrypt: RSA key without n, e, d, p, q or u");
  return detail::der_rsa_private_key(
    {to_bytes(n.get()), to_bytes(e.get()), to_bytes(d.get()), to_bytes(q.get()), to_bytes(p.get()),
     crt_exponent(d.get(), q.get()), crt_exponent(d.get(), p.get()), to_bytes(u.get())});
}

result<bytes> export_key(const keygen_request& r, gcry_sexp_t key) {
  switch (r.algo) {
    case key_algorithm::rsa:
      return export_rsa(key);
    case key_algorithm::ec:
      return detail::der_ec_private_key(r.bits, data_of(key, "d"), data_of(key, "q"));
    case key_algorithm::x25519: {
      // With djb-tweak libgcrypt holds the scalar big-endian; X25519's raw
      // private key is little-endian.
      bytes d = data_of(key, "d");
      std::reverse(d.begin(), d.end());
      return d;
    }
    default: // Ed25519: d is the 32-byte seed as RFC 8032 defines it.
      return data_of(key, "d");
  }
}

const char* genkey_spec(const keygen_request& r) {
  switch (r.algo) {
    case key_algorithm::rsa:
      return "(genkey (rsa (nbits %u)))";
    case key_algorithm::ec:
      return r.bits == 256 ? "(genkey (ecc (curve nistp256)))" : "(genkey (ecc (curve nistp384)))";
    case key_algorithm::x25519:
      return "(genkey (ecc (curve Curve25519) (flags djb-tweak comp)))";
    default:
      return "(genkey (ecc (curve Ed25519) (flags eddsa)))";
  }
}

class gcrypt_key_generator final : public foreign_key_generator {
 public:
  gcrypt_key_generator(keygen_request request, sexp_ptr params)
    : foreign_key_generator(std::move(request)), params_(std::move(params)) {}

  result<generated_key> generate() override {
    gcry_sexp_t raw = nullptr;
    if (auto err = gcry_pk_genkey(&raw, params_.get()))
      return gcrypt_failure("gcry_pk_genkey", err);
    sexp_ptr pair{raw};
    sexp_ptr key{gcry_sexp_find_token(pair.get(), "private-key", 0)};
    if (!key)
      return make_error(errc::backend_failure, "gcrypt: gcry_pk_genkey gave no private-key");
    auto encoded = export_key(request(), key.get());
    if (!encoded)
      return encoded.err();
    if (encoded->empty())
      return make_error(errc::backend_failure, "gcrypt: the generated key lacks its private part");
    return make_foreign_key(request().algo, std::move(*encoded));
  }

 private:
  // Built once: generate() only runs gcry_pk_genkey and the export.
  sexp_ptr params_;
};

} // namespace

result<std::unique_ptr<key_generator>> make_gcrypt_key_generator(const keygen_request& request) {
  if (request.algo == key_algorithm::dh)
    return make_error(errc::unknown_cipher,
                      "back-end 'gcrypt' cannot generate dh parameters (it "
                      "has rsa, ec (256, 384), x25519 and ed25519)");
  if (detail::gcrypt_version() == nullptr)
    return make_error(errc::backend_failure, std::string{"libgcrypt older than "} + GCRYPT_VERSION);
  gcry_sexp_t raw = nullptr;
  if (auto err =
        gcry_sexp_build(&raw, nullptr, genkey_spec(request), static_cast<unsigned>(request.bits)))
    return gcrypt_failure("gcry_sexp_build", err);
  return std::unique_ptr<key_generator>{
    std::make_unique<gcrypt_key_generator>(request, sexp_ptr{raw})};
}

} // namespace actorbench::crypto
