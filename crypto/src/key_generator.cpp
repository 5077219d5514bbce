#include "crypto/key_generator.hpp"

#include <array>
#include <cstring>
#include <utility>
#include <vector>

#include <openssl/bio.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>
#include <sodium.h>

#ifdef ACTORBENCH_HAVE_BOTAN
#include "botan/botan_keygen.hpp"
#endif
#ifdef ACTORBENCH_HAVE_CRYPTOPP
#include "cryptopp/cryptopp_keygen.hpp"
#endif
#include "foreign_key.hpp"
#ifdef ACTORBENCH_HAVE_NETTLE
#include "nettle/nettle_keygen.hpp"
#endif
#ifdef ACTORBENCH_HAVE_GCRYPT
#include "gcrypt/gcrypt_keygen.hpp"
#endif
#include "key_state.hpp"
#include "openssl/openssl_errors.hpp"
#ifdef ACTORBENCH_HAVE_WOLFSSL
#include "wolfssl/wolfssl_keygen.hpp"
#endif
#ifdef ACTORBENCH_HAVE_MBEDTLS
#include "mbedtls/mbedtls_keygen.hpp"
#endif
#include "openssl/openssl_handles.hpp"

namespace actorbench::crypto {

// -- key state ---------------------------------------------------------------

namespace {

using detail::openssl_failure;

using detail::bio_ptr;
using detail::evp_md_ctx_ptr;
using detail::evp_pkey_ctx_ptr;
using detail::evp_pkey_ptr;

} // namespace

generated_key::generated_key() noexcept = default;
generated_key::generated_key(std::unique_ptr<state> s) noexcept : state_(std::move(s)) {}
generated_key::generated_key(generated_key&&) noexcept = default;
generated_key& generated_key::operator=(generated_key&&) noexcept = default;
generated_key::~generated_key() = default;

// -- names -------------------------------------------------------------------

std::string_view to_string(key_algorithm algo) noexcept {
  switch (algo) {
    case key_algorithm::rsa:
      return "rsa";
    case key_algorithm::dh:
      return "dh";
    case key_algorithm::ec:
      return "ec";
    case key_algorithm::x25519:
      return "x25519";
    case key_algorithm::ed25519:
      return "ed25519";
  }
  return "unknown";
}

std::optional<key_algorithm> parse_key_algorithm(std::string_view name) noexcept {
  for (auto a : {key_algorithm::rsa, key_algorithm::dh, key_algorithm::ec, key_algorithm::x25519,
                 key_algorithm::ed25519})
    if (name == to_string(a))
      return a;
  return std::nullopt;
}

bool has_key_size(key_algorithm algo) noexcept {
  return algo == key_algorithm::rsa || algo == key_algorithm::dh || algo == key_algorithm::ec;
}

std::string describe(const keygen_request& request) {
  std::string s{to_string(request.algo)};
  if (has_key_size(request.algo))
    s += "-" + std::to_string(request.bits);
  return s + " (" + request.backend + ")";
}

namespace {

// -- OpenSSL -----------------------------------------------------------------

const char* openssl_name(key_algorithm algo) {
  switch (algo) {
    case key_algorithm::rsa:
      return "RSA";
    case key_algorithm::dh:
      return "DH";
    case key_algorithm::ec:
      return "EC";
    case key_algorithm::x25519:
      return "X25519";
    case key_algorithm::ed25519:
      return "ED25519";
  }
  return "";
}

// Signs and verifies with an OpenSSL Ed25519 key (one-shot, no digest).
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

result<bytes> openssl_derive(EVP_PKEY* own, EVP_PKEY* peer) {
  evp_pkey_ctx_ptr ctx{EVP_PKEY_CTX_new_from_pkey(nullptr, own, nullptr)};
  if (!ctx || EVP_PKEY_derive_init(ctx.get()) != 1
      || EVP_PKEY_derive_set_peer(ctx.get(), peer) != 1)
    return openssl_failure("EVP_PKEY_derive_init");
  std::size_t len = 0;
  if (EVP_PKEY_derive(ctx.get(), nullptr, &len) != 1)
    return openssl_failure("EVP_PKEY_derive");
  bytes secret(len);
  if (EVP_PKEY_derive(ctx.get(), secret.data(), &len) != 1)
    return openssl_failure("EVP_PKEY_derive");
  secret.resize(len);
  return secret;
}

// Runs one of OpenSSL's EVP_PKEY_*check functions: 1 passed, 0 failed,
// anything else (-2: unsupported) an error.
result<bool> openssl_check(EVP_PKEY* pkey, int (*check)(EVP_PKEY_CTX*), const char* what) {
  evp_pkey_ctx_ptr ctx{EVP_PKEY_CTX_new_from_pkey(nullptr, pkey, nullptr)};
  if (!ctx)
    return openssl_failure("EVP_PKEY_CTX_new_from_pkey");
  int rc = check(ctx.get());
  if (rc == 1)
    return true;
  if (rc == 0) {
    ERR_clear_error();
    return false;
  }
  return openssl_failure(what);
}

const bytes& validation_message() {
  static const bytes msg = [] {
    const char text[] = "actorbench key validation message";
    return bytes(text, text + sizeof(text) - 1);
  }();
  return msg;
}

// The signature must verify, and the same signature with one bit flipped
// must not.
template <class Sign, class Verify>
result<bool> sign_verify_tamper(Sign sign_fn, Verify verify_fn) {
  const auto& msg = validation_message();
  auto sig = sign_fn(msg);
  if (!sig)
    return sig.err();
  auto good = verify_fn(msg, *sig);
  if (!good || !*good)
    return good;
  (*sig)[0] ^= 0x01;
  auto tampered = verify_fn(msg, *sig);
  if (!tampered)
    return tampered;
  return !*tampered;
}

class openssl_key_generator final : public key_generator {
 public:
  explicit openssl_key_generator(keygen_request request) : request_(std::move(request)) {}

  // Fetches the algorithm and sets its parameters once; generate() reuses
  // the context, so the measured path does no name lookups.
  std::optional<error> init() {
    const char* name = openssl_name(request_.algo);
    ctx_.reset(EVP_PKEY_CTX_new_from_name(nullptr, name, nullptr));
    if (!ctx_)
      return openssl_failure(std::string{"EVP_PKEY_CTX_new_from_name "} + name);
    const int bits = static_cast<int>(request_.bits);
    switch (request_.algo) {
      case key_algorithm::rsa:
        if (EVP_PKEY_keygen_init(ctx_.get()) != 1
            || EVP_PKEY_CTX_set_rsa_keygen_bits(ctx_.get(), bits) != 1)
          return openssl_failure("RSA keygen setup");
        break;
      case key_algorithm::dh:
        // Type "generator": a safe prime p = 2q + 1 with generator 2, which
        // is what seed 002 timed ("DH modulus"); the FIPS 186 types would
        // make DSA-style parameters instead.
        // (Set as OSSL_PARAMs: 3.0's EVP_PKEY_CTX_set_dh_paramgen_type
        // crashes in a strcmp on this context.)
        if (EVP_PKEY_paramgen_init(ctx_.get()) != 1)
          return openssl_failure("EVP_PKEY_paramgen_init DH");
        {
          char type[] = "generator";
          int generator = 2;
          std::size_t pbits = request_.bits;
          OSSL_PARAM params[] = {
            OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_FFC_TYPE, type, 0),
            OSSL_PARAM_construct_size_t(OSSL_PKEY_PARAM_FFC_PBITS, &pbits),
            OSSL_PARAM_construct_int(OSSL_PKEY_PARAM_DH_GENERATOR, &generator),
            OSSL_PARAM_construct_end()};
          if (EVP_PKEY_CTX_set_params(ctx_.get(), params) != 1)
            return openssl_failure("DH paramgen setup");
        }
        break;
      case key_algorithm::ec:
        if (EVP_PKEY_keygen_init(ctx_.get()) != 1
            || EVP_PKEY_CTX_set_group_name(ctx_.get(), bits == 256 ? "P-256" : "P-384") != 1)
          return openssl_failure("EC keygen setup");
        break;
      case key_algorithm::x25519:
      case key_algorithm::ed25519:
        if (EVP_PKEY_keygen_init(ctx_.get()) != 1)
          return openssl_failure("keygen setup");
        break;
    }
    // OpenSSL calls this between prime candidates; returning 0 aborts.
    EVP_PKEY_CTX_set_app_data(ctx_.get(), this);
    EVP_PKEY_CTX_set_cb(ctx_.get(), &openssl_key_generator::progress);
    return std::nullopt;
  }

  const keygen_request& request() const noexcept override { return request_; }

  result<generated_key> generate() override {
    EVP_PKEY* raw = nullptr;
    int rc = request_.algo == key_algorithm::dh ? EVP_PKEY_paramgen(ctx_.get(), &raw)
                                                : EVP_PKEY_keygen(ctx_.get(), &raw);
    evp_pkey_ptr pkey{raw};
    if (rc != 1 || !pkey) {
      if (cancelled()) {
        ERR_clear_error();
        return make_error(errc::backend_failure, "key generation cancelled");
      }
      return openssl_failure(describe(request_) + " generation");
    }
    auto s = std::make_unique<generated_key::state>();
    s->algo = request_.algo;
    s->pkey = std::move(pkey);
    return generated_key{std::move(s)};
  }

  result<bool> validate(const generated_key& key) override {
    const auto* s = key.get();
    if (s == nullptr || !s->pkey || s->algo != request_.algo)
      return make_error(errc::bad_input, "not a " + describe(request_) + " key");
    EVP_PKEY* pkey = s->pkey.get();
    switch (request_.algo) {
      case key_algorithm::rsa: {
        if (EVP_PKEY_get_bits(pkey) != static_cast<int>(request_.bits))
          return false;
        auto pairwise = openssl_check(pkey, EVP_PKEY_pairwise_check, "EVP_PKEY_pairwise_check");
        if (!pairwise || !*pairwise)
          return pairwise;
        return openssl_check(pkey, EVP_PKEY_check, "EVP_PKEY_check");
      }
      case key_algorithm::dh:
        if (EVP_PKEY_get_bits(pkey) != static_cast<int>(request_.bits))
          return false;
        return openssl_check(pkey, EVP_PKEY_param_check, "EVP_PKEY_param_check");
      case key_algorithm::ec: {
        // A key on another curve is not the requested one (and could not
        // agree with a peer on the requested curve).
        if (EVP_PKEY_get_bits(pkey) != static_cast<int>(request_.bits))
          return false;
        auto checked = openssl_check(pkey, EVP_PKEY_check, "EVP_PKEY_check");
        if (!checked || !*checked)
          return checked;
        return agree(pkey);
      }
      case key_algorithm::x25519:
        return agree(pkey);
      case key_algorithm::ed25519:
        return sign_verify_tamper(
          [pkey](const bytes& m) { return openssl_sign(pkey, m); },
          [pkey](const bytes& m, const bytes& sig) { return openssl_verify(pkey, m, sig); });
    }
    return false;
  }

 private:
  static int progress(EVP_PKEY_CTX* ctx) {
    auto* self = static_cast<openssl_key_generator*>(EVP_PKEY_CTX_get_app_data(ctx));
    return self != nullptr && self->cancelled() ? 0 : 1;
  }

  // Both directions of a key agreement with a fresh peer give one secret.
  result<bool> agree(EVP_PKEY* own) {
    auto peer = generate();
    if (!peer)
      return peer.err();
    EVP_PKEY* other = peer->get()->pkey.get();
    auto ab = openssl_derive(own, other);
    if (!ab)
      return ab.err();
    auto ba = openssl_derive(other, own);
    if (!ba)
      return ba.err();
    return !ab->empty() && *ab == *ba;
  }

  keygen_request request_;
  evp_pkey_ctx_ptr ctx_;
};

// -- libsodium ---------------------------------------------------------------

class sodium_key_generator final : public key_generator {
 public:
  explicit sodium_key_generator(keygen_request request) : request_(std::move(request)) {}

  const keygen_request& request() const noexcept override { return request_; }

  result<generated_key> generate() override {
    auto s = std::make_unique<generated_key::state>();
    s->algo = request_.algo;
    int rc = -1;
    if (request_.algo == key_algorithm::x25519) {
      s->public_key.resize(crypto_box_PUBLICKEYBYTES);
      s->secret_key.resize(crypto_box_SECRETKEYBYTES);
      rc = crypto_box_keypair(s->public_key.data(), s->secret_key.data());
    } else {
      s->public_key.resize(crypto_sign_PUBLICKEYBYTES);
      s->secret_key.resize(crypto_sign_SECRETKEYBYTES);
      rc = crypto_sign_keypair(s->public_key.data(), s->secret_key.data());
    }
    if (rc != 0)
      return make_error(errc::backend_failure, describe(request_) + " generation failed");
    return generated_key{std::move(s)};
  }

  result<bool> validate(const generated_key& key) override {
    const auto* s = key.get();
    if (s == nullptr || s->secret_key.empty() || s->algo != request_.algo)
      return make_error(errc::bad_input, "not a " + describe(request_) + " key");
    if (request_.algo == key_algorithm::ed25519) {
      std::array<unsigned char, crypto_sign_PUBLICKEYBYTES> pk{};
      crypto_sign_ed25519_sk_to_pk(pk.data(), s->secret_key.data());
      if (std::memcmp(pk.data(), s->public_key.data(), pk.size()) != 0)
        return false;
      return sign_verify_tamper(
        [&key](const bytes& m) { return sign(key, m); },
        [&key](const bytes& m, const bytes& sig) { return verify(key, m, sig); });
    }
    std::array<unsigned char, crypto_scalarmult_BYTES> pk{};
    if (crypto_scalarmult_base(pk.data(), s->secret_key.data()) != 0
        || std::memcmp(pk.data(), s->public_key.data(), pk.size()) != 0)
      return false;
    auto peer = generate();
    if (!peer)
      return peer.err();
    const auto* p = peer->get();
    std::array<unsigned char, crypto_scalarmult_BYTES> ab{}, ba{};
    if (crypto_scalarmult(ab.data(), s->secret_key.data(), p->public_key.data()) != 0
        || crypto_scalarmult(ba.data(), p->secret_key.data(), s->public_key.data()) != 0)
      return false;
    bool same = sodium_memcmp(ab.data(), ba.data(), ab.size()) == 0;
    sodium_memzero(ab.data(), ab.size());
    sodium_memzero(ba.data(), ba.size());
    return same;
  }

 private:
  keygen_request request_;
};

std::optional<error> check_size(const keygen_request& r) {
  auto outside = [&r](const char* what, std::size_t lo, std::size_t hi, const char* why) {
    return make_error(errc::bad_key_length, std::string{what} + " size " + std::to_string(r.bits)
                                              + " bits outside " + std::to_string(lo) + ".."
                                              + std::to_string(hi) + why);
  };
  switch (r.algo) {
    case key_algorithm::rsa:
      if (r.bits < 512 || r.bits > 16384)
        return outside("RSA modulus", 512, 16384, "");
      break;
    case key_algorithm::dh:
      if (r.bits < 512 || r.bits > 8192)
        return outside("DH prime", 512, 8192,
                       r.bits < 512 ? " (OpenSSL 3 refuses DH moduli under 512 bits)" : "");
      break;
    case key_algorithm::ec:
      if (r.bits != 256 && r.bits != 384)
        return make_error(errc::bad_key_length, "EC curve size " + std::to_string(r.bits)
                                                  + " bits: only 256 (P-256) or 384 (P-384)");
      break;
    case key_algorithm::x25519:
    case key_algorithm::ed25519:
      break;
  }
  return std::nullopt;
}

result<std::unique_ptr<key_generator>> make_openssl_key_generator(const keygen_request& request) {
  auto gen = std::make_unique<openssl_key_generator>(request);
  if (auto err = gen->init())
    return *err;
  return std::unique_ptr<key_generator>{std::move(gen)};
}

result<std::unique_ptr<key_generator>> make_sodium_key_generator(const keygen_request& request) {
  if (has_key_size(request.algo))
    return make_error(errc::unknown_cipher, "back-end 'sodium' cannot generate "
                                              + std::string{to_string(request.algo)}
                                              + " keys (it has x25519 and ed25519; use openssl)");
  if (sodium_init() < 0)
    return make_error(errc::backend_failure, "sodium_init() failed");
  return std::unique_ptr<key_generator>{std::make_unique<sodium_key_generator>(request)};
}

// Every key generation back-end, in the order lists show them. A library's
// factory refuses algorithms it does not offer (errc::unknown_cipher) and
// sizes it cannot make (errc::bad_key_length); the sizes no back-end makes
// are refused before it is asked (check_size).
struct keygen_backend {
  std::string_view name;
  result<std::unique_ptr<key_generator>> (*make)(const keygen_request&);
};

const keygen_backend keygen_backends[] = {
  {"openssl", make_openssl_key_generator},
  {"sodium", make_sodium_key_generator},
#ifdef ACTORBENCH_HAVE_NETTLE
  {"nettle", make_nettle_key_generator},
#endif
#ifdef ACTORBENCH_HAVE_GCRYPT
  {"gcrypt", make_gcrypt_key_generator},
#endif
#ifdef ACTORBENCH_HAVE_WOLFSSL
  {"wolfssl", make_wolfssl_key_generator},
#endif
#ifdef ACTORBENCH_HAVE_MBEDTLS
  {"mbedtls", make_mbedtls_key_generator},
#endif
  // One line per further library, under its ACTORBENCH_HAVE_<NAME> (and its
  // crypto/<name>_keygen.hpp included above), e.g.
  // #ifdef ACTORBENCH_HAVE_NETTLE
  //   {"nettle", make_nettle_key_generator},
  // #endif
#ifdef ACTORBENCH_HAVE_BOTAN
  {"botan", make_botan_key_generator},
#endif
#ifdef ACTORBENCH_HAVE_CRYPTOPP
  {"cryptopp", make_cryptopp_key_generator},
#endif
};

} // namespace

std::vector<std::string> key_generation_backends() {
  std::vector<std::string> names;
  for (const auto& b : keygen_backends)
    names.emplace_back(b.name);
  return names;
}

result<std::unique_ptr<key_generator>> make_key_generator(const keygen_request& request) {
  for (const auto& b : keygen_backends) {
    if (b.name != request.backend)
      continue;
    if (auto err = check_size(request))
      return *err;
    return b.make(request);
  }
  std::string known;
  for (const auto& b : keygen_backends)
    known += (known.empty() ? "" : ", ") + std::string{b.name};
  return make_error(errc::unknown_backend,
                    "no key generation back-end '" + request.backend + "' (known: " + known + ")");
}

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

result<bytes> sign(const generated_key& key, bytes_view message) {
  const auto* s = key.get();
  if (s == nullptr || s->algo != key_algorithm::ed25519)
    return make_error(errc::bad_input, "signing needs an Ed25519 key");
  if (s->secret_key.empty()) {
    evp_pkey_ptr imported;
    auto pkey = detail::openssl_key_of(*s, imported);
    if (!pkey)
      return pkey.err();
    return openssl_sign(*pkey, message);
  }
  bytes sig(crypto_sign_BYTES);
  if (crypto_sign_detached(sig.data(), nullptr, message.data, message.size, s->secret_key.data())
      != 0)
    return make_error(errc::backend_failure, "crypto_sign_detached failed");
  return sig;
}

result<bool> verify(const generated_key& key, bytes_view message, bytes_view signature) {
  const auto* s = key.get();
  if (s == nullptr || s->algo != key_algorithm::ed25519)
    return make_error(errc::bad_input, "verifying needs an Ed25519 key");
  if (s->secret_key.empty()) {
    evp_pkey_ptr imported;
    auto pkey = detail::openssl_key_of(*s, imported);
    if (!pkey)
      return pkey.err();
    return openssl_verify(*pkey, message, signature);
  }
  if (signature.size != crypto_sign_BYTES)
    return false;
  return crypto_sign_verify_detached(signature.data, message.data, message.size,
                                     s->public_key.data())
         == 0;
}

} // namespace actorbench::crypto
