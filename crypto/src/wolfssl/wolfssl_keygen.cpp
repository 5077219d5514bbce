#include "wolfssl/wolfssl_keygen.hpp"

#include <string>

// options.h first: the library build's configuration (struct layouts).
#include <wolfssl/options.h>

#include <wolfssl/wolfcrypt/asn_public.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/rsa.h>

#include "foreign_key.hpp"

namespace actorbench::crypto {

namespace {

error failed(const char* what, int rc) {
  return make_error(errc::backend_failure,
                    std::string{"wolfssl: "} + what + " failed (error " + std::to_string(rc) + ")");
}

// The DER (or raw key) wolfCrypt wrote into `buf`, or the error.
result<generated_key> exported(key_algorithm algo, bytes buf, int len, const char* what) {
  if (len <= 0)
    return failed(what, len);
  buf.resize(static_cast<std::size_t>(len));
  return make_foreign_key(algo, std::move(buf));
}

// Each key type in its own scope: the wolfCrypt object is freed on every path.
template <class Key, class Init, class Free, class Body>
result<generated_key> with_key(Init init, Free free, Body body) {
  Key key;
  if (int rc = init(&key); rc != 0)
    return failed("key init", rc);
  auto out = body(key);
  free(&key);
  return out;
}

class wolfssl_key_generator final : public foreign_key_generator {
 public:
  explicit wolfssl_key_generator(const keygen_request& request) : foreign_key_generator(request) {
    rc_ = wc_InitRng(&rng_);
  }
  ~wolfssl_key_generator() override {
    if (rc_ == 0)
      wc_FreeRng(&rng_);
  }

  int status() const noexcept { return rc_; }

  result<generated_key> generate() override {
    switch (request().algo) {
      case key_algorithm::rsa:
        return rsa();
      case key_algorithm::ec:
        return ec();
      case key_algorithm::x25519:
        return x25519();
      default:
        return ed25519();
    }
  }

 private:
  // PKCS#1 RSAPrivateKey DER, e = 65537.
  result<generated_key> rsa() {
    return with_key<RsaKey>([](RsaKey* k) { return wc_InitRsaKey(k, nullptr); }, wc_FreeRsaKey,
                            [this](RsaKey& k) -> result<generated_key> {
                              const int bits = static_cast<int>(request().bits);
                              if (int rc = wc_MakeRsaKey(&k, bits, WC_RSA_EXPONENT, &rng_); rc != 0)
                                return failed("wc_MakeRsaKey", rc);
                              bytes der(request().bits / 8 * 5 + 64);
                              int len = wc_RsaKeyToDer(&k, der.data(), der.size());
                              return exported(key_algorithm::rsa, std::move(der), len,
                                              "wc_RsaKeyToDer");
                            });
  }

  // SEC1 ECPrivateKey DER with the curve's OID.
  result<generated_key> ec() {
    const int curve = request().bits == 384 ? ECC_SECP384R1 : ECC_SECP256R1;
    const int size = static_cast<int>(request().bits / 8);
    return with_key<ecc_key>(wc_ecc_init, wc_ecc_free, [&](ecc_key& k) -> result<generated_key> {
      if (int rc = wc_ecc_make_key_ex(&rng_, size, &k, curve); rc != 0)
        return failed("wc_ecc_make_key_ex", rc);
      bytes der(256);
      int len = wc_EccKeyToDer(&k, der.data(), der.size());
      return exported(key_algorithm::ec, std::move(der), len, "wc_EccKeyToDer");
    });
  }

  result<generated_key> x25519() {
    return with_key<curve25519_key>(
      wc_curve25519_init, wc_curve25519_free, [this](curve25519_key& k) -> result<generated_key> {
        if (int rc = wc_curve25519_make_key(&rng_, CURVE25519_KEYSIZE, &k); rc != 0)
          return failed("wc_curve25519_make_key", rc);
        bytes raw(CURVE25519_KEYSIZE);
        word32 len = raw.size();
        // Little-endian, as RFC 7748 and OpenSSL's raw X25519 keys.
        int rc = wc_curve25519_export_private_raw_ex(&k, raw.data(), &len, EC25519_LITTLE_ENDIAN);
        return exported(key_algorithm::x25519, std::move(raw), rc == 0 ? static_cast<int>(len) : rc,
                        "wc_curve25519_export_private_raw_ex");
      });
  }

  // The 32-byte seed (RFC 8032's private key).
  result<generated_key> ed25519() {
    return with_key<ed25519_key>(
      wc_ed25519_init, wc_ed25519_free, [this](ed25519_key& k) -> result<generated_key> {
        if (int rc = wc_ed25519_make_key(&rng_, ED25519_KEY_SIZE, &k); rc != 0)
          return failed("wc_ed25519_make_key", rc);
        bytes raw(ED25519_KEY_SIZE);
        word32 len = raw.size();
        int rc = wc_ed25519_export_private_only(&k, raw.data(), &len);
        return exported(key_algorithm::ed25519, std::move(raw),
                        rc == 0 ? static_cast<int>(len) : rc, "wc_ed25519_export_private_only");
      });
  }

  WC_RNG rng_;
  int rc_ = 0;
};

} // namespace

result<std::unique_ptr<key_generator>> make_wolfssl_key_generator(const keygen_request& request) {
  if (request.algo == key_algorithm::dh)
    return make_error(errc::unknown_cipher,
                      "back-end 'wolfssl' cannot generate dh parameters "
                      "(it has rsa, ec, x25519 and ed25519)");
  if (request.algo == key_algorithm::rsa
      && (request.bits < RSA_MIN_SIZE || request.bits > RSA_MAX_SIZE || request.bits % 2 != 0))
    return make_error(errc::bad_key_length, "wolfssl: rsa-" + std::to_string(request.bits)
                                              + " is out of range (even sizes "
                                              + std::to_string(RSA_MIN_SIZE) + ".."
                                              + std::to_string(RSA_MAX_SIZE) + " bits)");
  auto gen = std::make_unique<wolfssl_key_generator>(request);
  if (gen->status() != 0)
    return failed("wc_InitRng", gen->status());
  return std::unique_ptr<key_generator>{std::move(gen)};
}

} // namespace actorbench::crypto
