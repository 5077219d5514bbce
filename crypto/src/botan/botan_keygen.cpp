#include "botan/botan_keygen.hpp"

#include <string>

#include <botan/curve25519.h>
#include <botan/ec_group.h>
#include <botan/ecdsa.h>
#include <botan/ed25519.h>
#include <botan/pkcs8.h>
#include <botan/rsa.h>
#include <botan/system_rng.h>

#include "foreign_key.hpp"

namespace actorbench::crypto {

namespace {

bytes to_bytes(const Botan::secure_vector<std::uint8_t>& v, std::size_t n) {
  return bytes(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n));
}

class botan_key_generator final : public foreign_key_generator {
 public:
  explicit botan_key_generator(const keygen_request& request)
    : foreign_key_generator(request),
      group_(request.algo == key_algorithm::ec
               ? Botan::EC_Group(request.bits == 384 ? "secp384r1" : "secp256r1")
               : Botan::EC_Group()) {}

  result<generated_key> generate() override try {
    const key_algorithm algo = request().algo;
    switch (algo) {
      case key_algorithm::rsa: {
        Botan::RSA_PrivateKey key(rng_, request().bits);
        auto der = Botan::PKCS8::BER_encode(key);
        return make_foreign_key(algo, to_bytes(der, der.size()));
      }
      case key_algorithm::ec: {
        // PKCS#8 with the curve named by OID (Botan's default encoding).
        Botan::ECDSA_PrivateKey key(rng_, group_);
        auto der = Botan::PKCS8::BER_encode(key);
        return make_foreign_key(algo, to_bytes(der, der.size()));
      }
      case key_algorithm::x25519: {
        Botan::Curve25519_PrivateKey key(rng_);
        return make_foreign_key(algo, to_bytes(key.get_x(), 32));
      }
      case key_algorithm::ed25519: {
        // Botan keeps seed || public key; the raw private key is the seed.
        Botan::Ed25519_PrivateKey key(rng_);
        return make_foreign_key(algo, to_bytes(key.get_private_key(), 32));
      }
      case key_algorithm::dh:
        break;
    }
    return make_error(errc::backend_failure, "botan: no generator for " + describe(request()));
  } catch (const std::exception& e) {
    return make_error(errc::backend_failure, "botan: " + describe(request()) + ": " + e.what());
  }

 private:
  // The kernel's RNG (getrandom), as Botan::system_rng() gives it.
  Botan::RandomNumberGenerator& rng_ = Botan::system_rng();
  Botan::EC_Group group_;
};

} // namespace

result<std::unique_ptr<key_generator>> make_botan_key_generator(const keygen_request& request) {
  if (request.algo == key_algorithm::dh)
    return make_error(errc::unknown_cipher,
                      "back-end 'botan' cannot generate dh parameters here "
                      "(it has rsa, ec, x25519 and ed25519)");
  try {
    return std::unique_ptr<key_generator>{std::make_unique<botan_key_generator>(request)};
  } catch (const std::exception& e) {
    return make_error(errc::backend_failure, "botan: " + describe(request) + ": " + e.what());
  }
}

} // namespace actorbench::crypto
