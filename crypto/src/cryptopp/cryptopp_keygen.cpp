#include "cryptopp/cryptopp_keygen.hpp"

#include <string>

#include <cryptopp/eccrypto.h>
#include <cryptopp/filters.h>
#include <cryptopp/oids.h>
#include <cryptopp/osrng.h>
#include <cryptopp/rsa.h>
#include <cryptopp/xed25519.h>

#include "foreign_key.hpp"

namespace actorbench::crypto {

namespace {

using ec_private_key = CryptoPP::DL_PrivateKey_EC<CryptoPP::ECP>;

// DER PKCS#8 PrivateKeyInfo, what Crypto++'s Save() writes for RSA and EC.
template <class Key>
bytes pkcs8_der(const Key& key) {
  bytes der;
  CryptoPP::VectorSink sink(der);
  key.Save(sink);
  return der;
}

class cryptopp_key_generator final : public foreign_key_generator {
 public:
  explicit cryptopp_key_generator(const keygen_request& request) : foreign_key_generator(request) {
    if (request.algo == key_algorithm::ec)
      group_.Initialize(request.bits == 384 ? CryptoPP::ASN1::secp384r1()
                                            : CryptoPP::ASN1::secp256r1());
    // Name the curve by OID, as OpenSSL and the other libraries do, rather
    // than spelling out its parameters.
    group_.SetEncodeAsOID(true);
  }

  result<generated_key> generate() override try {
    const key_algorithm algo = request().algo;
    switch (algo) {
      case key_algorithm::rsa: {
        // Crypto++'s default public exponent is 17; 65537 as everyone else.
        CryptoPP::RSA::PrivateKey key;
        key.Initialize(rng_, static_cast<unsigned int>(request().bits), CryptoPP::Integer{65537});
        return make_foreign_key(algo, pkcs8_der(key));
      }
      case key_algorithm::ec: {
        ec_private_key key;
        key.Initialize(rng_, group_);
        return make_foreign_key(algo, pkcs8_der(key));
      }
      case key_algorithm::x25519: {
        // The public half too, as every other generator makes a key pair;
        // only the private key is handed over.
        bytes raw(CryptoPP::x25519::SECRET_KEYLENGTH);
        CryptoPP::byte pub[CryptoPP::x25519::PUBLIC_KEYLENGTH];
        CryptoPP::x25519 domain;
        domain.GeneratePrivateKey(rng_, raw.data());
        domain.GeneratePublicKey(rng_, raw.data(), pub);
        return make_foreign_key(algo, std::move(raw));
      }
      case key_algorithm::ed25519: {
        CryptoPP::ed25519Signer signer(rng_);
        const auto& key = static_cast<const CryptoPP::ed25519PrivateKey&>(signer.GetPrivateKey());
        const CryptoPP::byte* x = key.GetPrivateKeyBytePtr();
        return make_foreign_key(algo, bytes(x, x + CryptoPP::ed25519PrivateKey::SECRET_KEYLENGTH));
      }
      case key_algorithm::dh:
        break;
    }
    return make_error(errc::backend_failure, "cryptopp: no generator for " + describe(request()));
  } catch (const std::exception& e) {
    return make_error(errc::backend_failure, "cryptopp: " + describe(request()) + ": " + e.what());
  }

 private:
  CryptoPP::AutoSeededRandomPool rng_;
  CryptoPP::DL_GroupParameters_EC<CryptoPP::ECP> group_;
};

} // namespace

result<std::unique_ptr<key_generator>> make_cryptopp_key_generator(const keygen_request& request) {
  if (request.algo == key_algorithm::dh)
    return make_error(errc::unknown_cipher,
                      "back-end 'cryptopp' cannot generate dh parameters "
                      "here (it has rsa, ec, x25519 and ed25519)");
  try {
    return std::unique_ptr<key_generator>{std::make_unique<cryptopp_key_generator>(request)};
  } catch (const std::exception& e) {
    return make_error(errc::backend_failure, "cryptopp: " + describe(request) + ": " + e.what());
  }
}

} // namespace actorbench::crypto
