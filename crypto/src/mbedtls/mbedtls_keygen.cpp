#include "mbedtls/mbedtls_keygen.hpp"

#include <string>

#include <mbedtls/bignum.h>
#include <mbedtls/ctr_drbg.h>
#include <mbedtls/ecp.h>
#include <mbedtls/entropy.h>
#include <mbedtls/pk.h>
#include <mbedtls/rsa.h>

#include "foreign_key.hpp"

namespace actorbench::crypto {

namespace {

error failed(const char* what, int rc) {
  return make_error(errc::backend_failure,
                    std::string{"mbedtls: "} + what + " failed (error " + std::to_string(rc) + ")");
}

// A pk context freed on scope exit.
struct pk_holder {
  pk_holder() { mbedtls_pk_init(&pk); }
  ~pk_holder() { mbedtls_pk_free(&pk); }
  pk_holder(const pk_holder&) = delete;
  pk_holder& operator=(const pk_holder&) = delete;
  mbedtls_pk_context pk;
};

// One CTR_DRBG per generator (a generator serves one worker), seeded once
// from Mbed TLS's entropy collector (the kernel's getrandom).
class mbedtls_key_generator final : public foreign_key_generator {
 public:
  explicit mbedtls_key_generator(const keygen_request& request) : foreign_key_generator(request) {
    mbedtls_entropy_init(&entropy_);
    mbedtls_ctr_drbg_init(&drbg_);
    static const unsigned char personal[] = "actorbench keygen";
    rc_ =
      mbedtls_ctr_drbg_seed(&drbg_, mbedtls_entropy_func, &entropy_, personal, sizeof personal - 1);
  }
  ~mbedtls_key_generator() override {
    mbedtls_ctr_drbg_free(&drbg_);
    mbedtls_entropy_free(&entropy_);
  }

  int status() const noexcept { return rc_; }

  result<generated_key> generate() override {
    switch (request().algo) {
      case key_algorithm::rsa:
        return rsa();
      case key_algorithm::ec:
        return ec();
      default:
        return x25519();
    }
  }

 private:
  // PKCS#1 RSAPrivateKey DER, e = 65537.
  result<generated_key> rsa() {
    pk_holder h;
    int rc = mbedtls_pk_setup(&h.pk, mbedtls_pk_info_from_type(MBEDTLS_PK_RSA));
    if (rc != 0)
      return failed("mbedtls_pk_setup", rc);
    rc = mbedtls_rsa_gen_key(mbedtls_pk_rsa(h.pk), mbedtls_ctr_drbg_random, &drbg_,
                             static_cast<unsigned>(request().bits), 65537);
    if (rc != 0)
      return failed("mbedtls_rsa_gen_key", rc);
    return write_der(h, key_algorithm::rsa, request().bits / 8 * 5 + 64);
  }

  // SEC1 ECPrivateKey DER with the curve's OID.
  result<generated_key> ec() {
    pk_holder h;
    int rc = mbedtls_pk_setup(&h.pk, mbedtls_pk_info_from_type(MBEDTLS_PK_ECKEY));
    if (rc != 0)
      return failed("mbedtls_pk_setup", rc);
    const auto curve = request().bits == 384 ? MBEDTLS_ECP_DP_SECP384R1 : MBEDTLS_ECP_DP_SECP256R1;
    rc = mbedtls_ecp_gen_key(curve, mbedtls_pk_ec(h.pk), mbedtls_ctr_drbg_random, &drbg_);
    if (rc != 0)
      return failed("mbedtls_ecp_gen_key", rc);
    return write_der(h, key_algorithm::ec, 256);
  }

  // Mbed TLS keeps the clamped X25519 scalar as an integer; RFC 7748 (and
  // OpenSSL's raw key) encodes it little-endian in 32 bytes.
  result<generated_key> x25519() {
    mbedtls_ecp_keypair kp;
    mbedtls_ecp_keypair_init(&kp);
    int rc = mbedtls_ecp_gen_key(MBEDTLS_ECP_DP_CURVE25519, &kp, mbedtls_ctr_drbg_random, &drbg_);
    bytes raw(32);
    if (rc == 0)
      rc = mbedtls_mpi_write_binary_le(&kp.d, raw.data(), raw.size());
    mbedtls_ecp_keypair_free(&kp);
    if (rc != 0)
      return failed("X25519 generation", rc);
    return make_foreign_key(key_algorithm::x25519, std::move(raw));
  }

  // mbedtls_pk_write_key_der writes at the end of the buffer.
  static result<generated_key> write_der(pk_holder& h, key_algorithm algo, std::size_t room) {
    bytes der(room);
    int len = mbedtls_pk_write_key_der(&h.pk, der.data(), der.size());
    if (len <= 0)
      return failed("mbedtls_pk_write_key_der", len);
    der.erase(der.begin(), der.end() - len);
    return make_foreign_key(algo, std::move(der));
  }

  mbedtls_entropy_context entropy_;
  mbedtls_ctr_drbg_context drbg_;
  int rc_ = 0;
};

} // namespace

result<std::unique_ptr<key_generator>> make_mbedtls_key_generator(const keygen_request& request) {
  if (request.algo == key_algorithm::dh || request.algo == key_algorithm::ed25519)
    return make_error(errc::unknown_cipher, "back-end 'mbedtls' cannot generate "
                                              + std::string{to_string(request.algo)}
                                              + " keys (it has rsa, ec and x25519)");
  if (request.algo == key_algorithm::rsa
      && (request.bits > MBEDTLS_MPI_MAX_BITS || request.bits % 2 != 0))
    return make_error(errc::bad_key_length, "mbedtls: rsa-" + std::to_string(request.bits)
                                              + " is out of range (even sizes 512.."
                                              + std::to_string(MBEDTLS_MPI_MAX_BITS) + " bits)");
  auto gen = std::make_unique<mbedtls_key_generator>(request);
  if (gen->status() != 0)
    return failed("mbedtls_ctr_drbg_seed", gen->status());
  return std::unique_ptr<key_generator>{std::move(gen)};
}

} // namespace actorbench::crypto
