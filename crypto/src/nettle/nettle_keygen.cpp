#include "nettle/nettle_keygen.hpp"

#include <cerrno>
#include <cstring>
#include <string>

#include <sys/random.h>

#include <nettle/bignum.h>
#include <nettle/curve25519.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecc.h>
#include <nettle/ecdsa.h>
#include <nettle/eddsa.h>
#include <nettle/rsa.h>

#include "foreign_key.hpp"
#include "key_der.hpp"

namespace actorbench::crypto {

namespace {

// Nettle takes its randomness from a callback; this one reads the kernel's
// generator and records a failure, which the callback cannot return.
struct kernel_random {
  bool failed = false;

  static void fill(void* self, std::size_t n, std::uint8_t* dst) {
    auto* r = static_cast<kernel_random*>(self);
    while (n > 0) {
      ssize_t got = getrandom(dst, n, 0);
      if (got < 0 && errno == EINTR)
        continue;
      if (got <= 0) {
        r->failed = true;
        std::memset(dst, 0, n);
        return;
      }
      dst += got;
      n -= static_cast<std::size_t>(got);
    }
  }
};

// A GMP integer that is cleared (and its limbs freed) on scope exit.
struct mpz {
  mpz() { mpz_init(v); }
  ~mpz() { mpz_clear(v); }
  mpz(const mpz&) = delete;
  mpz& operator=(const mpz&) = delete;
  mpz_t v;
};

// Big-endian magnitude, left-padded with zeros to `size` bytes if given.
bytes to_bytes(const mpz_t x, std::size_t size = 0) {
  std::size_t n = nettle_mpz_sizeinbase_256_u(x);
  bytes out(std::max(n, size));
  nettle_mpz_get_str_256(out.size(), out.data(), x);
  return out;
}

error random_failure() {
  return make_error(errc::backend_failure, "nettle: getrandom() failed");
}

result<bytes> generate_rsa(std::size_t bits) {
  rsa_public_key pub;
  rsa_private_key key;
  rsa_public_key_init(&pub);
  rsa_private_key_init(&key);
  mpz_set_ui(pub.e, 65537);
  kernel_random rnd;
  int ok = rsa_generate_keypair(&pub, &key, &rnd, kernel_random::fill, nullptr, nullptr, bits, 0);
  bytes der;
  if (ok == 1 && !rnd.failed) {
    // Nettle's a, b, c are PKCS#1's exponent1, exponent2 and coefficient.
    der = detail::der_rsa_private_key({to_bytes(pub.n), to_bytes(pub.e), to_bytes(key.d),
                                       to_bytes(key.p), to_bytes(key.q), to_bytes(key.a),
                                       to_bytes(key.b), to_bytes(key.c)});
  }
  rsa_private_key_clear(&key);
  rsa_public_key_clear(&pub);
  if (rnd.failed)
    return random_failure();
  if (ok != 1)
    return make_error(errc::backend_failure, "nettle: rsa_generate_keypair failed");
  return der;
}

result<bytes> generate_ec(std::size_t bits) {
  const ecc_curve* curve = bits == 256 ? nettle_get_secp_256r1() : nettle_get_secp_384r1();
  ecc_point pub;
  ecc_scalar key;
  ecc_point_init(&pub, curve);
  ecc_scalar_init(&key, curve);
  kernel_random rnd;
  ecdsa_generate_keypair(&pub, &key, &rnd, kernel_random::fill);
  mpz d, x, y;
  ecc_scalar_get(&key, d.v);
  ecc_point_get(&pub, x.v, y.v);
  ecc_scalar_clear(&key);
  ecc_point_clear(&pub);
  if (rnd.failed)
    return random_failure();
  bytes point{0x04};
  for (const mpz* c : {&x, &y}) {
    bytes coord = to_bytes(c->v, bits / 8);
    point.insert(point.end(), coord.begin(), coord.end());
  }
  return detail::der_ec_private_key(bits, to_bytes(d.v, bits / 8), point);
}

// X25519 and Ed25519 private keys are 32 random bytes; computing the public
// key is what makes it a key pair (and is the cost of generating one).
result<bytes> generate_25519(key_algorithm algo) {
  bytes secret(32);
  kernel_random rnd;
  kernel_random::fill(&rnd, secret.size(), secret.data());
  if (rnd.failed)
    return random_failure();
  std::uint8_t pub[32];
  if (algo == key_algorithm::x25519)
    curve25519_mul_g(pub, secret.data());
  else
    ed25519_sha512_public_key(pub, secret.data());
  return secret;
}

class nettle_key_generator final : public foreign_key_generator {
 public:
  using foreign_key_generator::foreign_key_generator;

  result<generated_key> generate() override {
    const keygen_request& r = request();
    result<bytes> encoded = r.algo == key_algorithm::rsa  ? generate_rsa(r.bits)
                            : r.algo == key_algorithm::ec ? generate_ec(r.bits)
                                                          : generate_25519(r.algo);
    if (!encoded)
      return encoded.err();
    return make_foreign_key(r.algo, std::move(*encoded));
  }
};

} // namespace

result<std::unique_ptr<key_generator>> make_nettle_key_generator(const keygen_request& request) {
  if (request.algo == key_algorithm::dh)
    return make_error(errc::unknown_cipher,
                      "back-end 'nettle' cannot generate dh parameters (it "
                      "has rsa, ec (256, 384), x25519 and ed25519)");
  return std::unique_ptr<key_generator>{std::make_unique<nettle_key_generator>(request)};
}

} // namespace actorbench::crypto
