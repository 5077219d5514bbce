#include "openssl/openssl_keygen.hpp"

#include <cctype>
#include <string>
#include <utility>

#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/rsa.h>

#include "key_state.hpp"
#include "openssl/openssl_errors.hpp"
#include "openssl/openssl_handles.hpp"
#include "openssl/openssl_signature.hpp"
#include "sign_verify_check.hpp"

namespace actorbench::crypto {

namespace {

using detail::openssl_failure;
using detail::openssl_sign;
using detail::openssl_verify;
using detail::sign_verify_tamper;

using detail::evp_pkey_ctx_ptr;
using detail::evp_pkey_ptr;

// OpenSSL's name of the algorithm: ours in upper case ("RSA", "X25519").
std::string openssl_name(key_algorithm algo) {
  std::string name{to_string(algo)};
  for (char& c : name)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
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

class openssl_key_generator final : public key_generator {
 public:
  explicit openssl_key_generator(keygen_request request) : request_(std::move(request)) {}

  // Fetches the algorithm and sets its parameters once; generate() reuses
  // the context, so the measured path does no name lookups.
  std::optional<error> init() {
    const std::string name = openssl_name(request_.algo);
    ctx_.reset(EVP_PKEY_CTX_new_from_name(nullptr, name.c_str(), nullptr));
    if (!ctx_)
      return openssl_failure("EVP_PKEY_CTX_new_from_name " + name);
    const int bits = static_cast<int>(request_.bits);
    switch (request_.algo) {
      case key_algorithm::rsa:
        if (EVP_PKEY_keygen_init(ctx_.get()) != 1
            || EVP_PKEY_CTX_set_rsa_keygen_bits(ctx_.get(), bits) != 1)
          return openssl_failure("RSA keygen setup");
        break;
      case key_algorithm::dh:
        // Type "generator": a safe prime p = 2q + 1 with generator 2, the
        // "DH modulus generation" key_algorithm::dh stands for; the FIPS 186
        // types would make DSA-style parameters instead.
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

} // namespace

result<std::unique_ptr<key_generator>> make_openssl_key_generator(const keygen_request& request) {
  auto gen = std::make_unique<openssl_key_generator>(request);
  if (auto err = gen->init())
    return *err;
  return std::unique_ptr<key_generator>{std::move(gen)};
}

} // namespace actorbench::crypto
