// The key agreement on OpenSSL 3: X25519 through EVP_PKEY, SHA-256 and
// HMAC-SHA256 with a digest fetched once, ChaCha20-Poly1305 fetched once.
// A prepared secret is an EVP_PKEY made once: loading a raw X25519 secret
// computes its public key, about a third of a handshake's instructions. A
// generated pair keeps the EVP_PKEY its generator made for the same reason.
#include <climits>
#include <string>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include "crypto/key_agreement.hpp"
#include "openssl/openssl_errors.hpp"
#include "openssl/openssl_handles.hpp"

namespace actorbench::crypto {

namespace {

using detail::too_long_error;

using detail::evp_cipher_ctx_ptr;
using detail::evp_cipher_ptr;
using detail::evp_md_ctx_ptr;
using detail::evp_pkey_ctx_ptr;
using detail::evp_pkey_ptr;
using detail::openssl_failure;

struct evp_md_deleter {
  void operator()(EVP_MD* p) const noexcept { EVP_MD_free(p); }
};

bool too_long(std::size_t size) {
  return size > static_cast<std::size_t>(INT_MAX) - key_agreement::tag_size;
}

/// An X25519 secret loaded once. EVP_PKEY_free wipes it; OpenSSL 3 lets
/// threads derive with one EVP_PKEY at once (each in its own EVP_PKEY_CTX).
class openssl_secret final : public prepared_secret {
 public:
  openssl_secret(const key_agreement* owner, evp_pkey_ptr key) noexcept
    : prepared_secret(owner), key_(std::move(key)) {}
  EVP_PKEY* get() const noexcept { return key_.get(); }

 private:
  evp_pkey_ptr key_;
};

/// X25519 of `own` and the raw `peer_public` into `shared` (32 bytes).
bool derive(EVP_PKEY* own, const std::uint8_t* peer_public, std::uint8_t* shared) {
  evp_pkey_ptr peer{
    EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, nullptr, peer_public, key_agreement::key_size)};
  evp_pkey_ctx_ptr ctx{own && peer ? EVP_PKEY_CTX_new(own, nullptr) : nullptr};
  std::size_t len = key_agreement::key_size;
  const bool ok = ctx && EVP_PKEY_derive_init(ctx.get()) == 1
                  && EVP_PKEY_derive_set_peer(ctx.get(), peer.get()) == 1
                  && EVP_PKEY_derive(ctx.get(), shared, &len) == 1
                  && len == key_agreement::key_size;
  detail::take_openssl_errors();
  return ok;
}

class openssl_agreement final : public key_agreement {
 public:
  openssl_agreement()
    : md_(EVP_MD_fetch(nullptr, "SHA256", nullptr)),
      aead_(EVP_CIPHER_fetch(nullptr, "ChaCha20-Poly1305", nullptr)) {
    detail::take_openssl_errors();
  }

  std::string_view name() const noexcept override { return "openssl"; }
  bool is_available() const noexcept override { return md_ && aead_; }

  bool random(std::uint8_t* out, std::size_t size) const override {
    const bool ok = size <= INT_MAX && RAND_bytes(out, static_cast<int>(size)) == 1;
    detail::take_openssl_errors();
    return ok;
  }

  result<key_pair> generate() const override {
    evp_pkey_ptr unused;
    return keygen(unused);
  }

  result<prepared_key_pair> generate_prepared() const override {
    evp_pkey_ptr pkey;
    auto kp = keygen(pkey);
    if (!kp)
      return kp.err();
    return prepared_key_pair{std::move(*kp),
                             std::make_shared<const openssl_secret>(this, std::move(pkey))};
  }

  result<std::shared_ptr<const prepared_secret>> prepare(bytes_view secret) const override {
    if (secret.size != key_size)
      return key_agreement::prepare(secret);
    evp_pkey_ptr own{EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, secret.data, key_size)};
    if (!own)
      return openssl_failure("X25519 EVP_PKEY_new_raw_private_key");
    return std::shared_ptr<const prepared_secret>{
      std::make_shared<const openssl_secret>(this, std::move(own))};
  }

  bool raw_dh(const std::uint8_t* secret, const std::uint8_t* peer_public,
              std::uint8_t* shared) const override {
    evp_pkey_ptr own{EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, nullptr, secret, key_size)};
    detail::take_openssl_errors();
    return derive(own.get(), peer_public, shared);
  }

  bool raw_dh_prepared(const prepared_secret& secret, const std::uint8_t* peer_public,
                       std::uint8_t* shared) const override {
    // dh() passes only secrets whose owner is this object, i.e. ours.
    return derive(static_cast<const openssl_secret&>(secret).get(), peer_public, shared);
  }

  result<digest> hash(bytes_view a, bytes_view b) const override {
    digest out;
    evp_md_ctx_ptr ctx{EVP_MD_CTX_new()};
    unsigned int len = 0;
    if (!ctx || EVP_DigestInit_ex(ctx.get(), md_.get(), nullptr) != 1
        || EVP_DigestUpdate(ctx.get(), a.data, a.size) != 1
        || EVP_DigestUpdate(ctx.get(), b.data, b.size) != 1
        || EVP_DigestFinal_ex(ctx.get(), out.data(), &len) != 1 || len != out.size())
      return openssl_failure("SHA-256");
    return out;
  }

  result<digest> hmac(bytes_view key, bytes_view data) const override {
    digest out;
    unsigned int len = 0;
    static const std::uint8_t empty = 0;
    // HMAC() returns null on failure and leaves `out` as it was (zeros): a
    // chaining key of zeros would make the session keys public.
    if (key.size > INT_MAX
        || HMAC(md_.get(), key.size ? key.data : &empty, static_cast<int>(key.size),
                data.size ? data.data : &empty, data.size, out.data(), &len)
             == nullptr
        || len != out.size())
      return openssl_failure("HMAC-SHA256");
    return out;
  }

  result<std::size_t> raw_seal(bytes_view key, bytes_view nonce, bytes_view ad,
                               bytes_view plaintext, std::uint8_t* out) const override {
    if (too_long(plaintext.size) || too_long(ad.size))
      return too_long_error();
    evp_cipher_ctx_ptr ctx{EVP_CIPHER_CTX_new()};
    int n = 0, fin = 0;
    if (!ctx || EVP_EncryptInit_ex2(ctx.get(), aead_.get(), key.data, nonce.data, nullptr) != 1
        || (ad.size && EVP_EncryptUpdate(ctx.get(), nullptr, &n, ad.data, int(ad.size)) != 1)
        || (plaintext.size
            && EVP_EncryptUpdate(ctx.get(), out, &n, plaintext.data, int(plaintext.size)) != 1)
        || EVP_EncryptFinal_ex(ctx.get(), out + plaintext.size, &fin) != 1
        || EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, int(tag_size),
                               out + plaintext.size)
             != 1)
      return openssl_failure("chacha20-poly1305 seal");
    return plaintext.size + tag_size;
  }

  result<bool> raw_open(bytes_view key, bytes_view nonce, bytes_view ad, bytes_view ciphertext,
                        std::uint8_t* out) const override {
    if (too_long(ciphertext.size) || too_long(ad.size))
      return too_long_error();
    const std::size_t len = ciphertext.size - tag_size;
    evp_cipher_ctx_ptr ctx{EVP_CIPHER_CTX_new()};
    int n = 0, fin = 0;
    auto* tag = const_cast<std::uint8_t*>(ciphertext.data + len);
    if (!ctx || EVP_DecryptInit_ex2(ctx.get(), aead_.get(), key.data, nonce.data, nullptr) != 1
        || (ad.size && EVP_DecryptUpdate(ctx.get(), nullptr, &n, ad.data, int(ad.size)) != 1)
        || (len && EVP_DecryptUpdate(ctx.get(), out, &n, ciphertext.data, int(len)) != 1)
        || EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_SET_TAG, int(tag_size), tag) != 1) {
      // DecryptUpdate may have written plaintext whose tag nobody checked.
      OPENSSL_cleanse(out, len);
      return openssl_failure("chacha20-poly1305 open");
    }
    if (EVP_DecryptFinal_ex(ctx.get(), out + len, &fin) == 1)
      return true;
    detail::take_openssl_errors();
    OPENSSL_cleanse(out, len);
    return false;
  }

 private:
  // A fresh pair as raw bytes; `pkey` gets the EVP_PKEY the generator made,
  // which holds the secret already loaded.
  result<key_pair> keygen(evp_pkey_ptr& pkey) const {
    evp_pkey_ctx_ptr ctx{EVP_PKEY_CTX_new_from_name(nullptr, "X25519", nullptr)};
    EVP_PKEY* raw = nullptr;
    if (!ctx || EVP_PKEY_keygen_init(ctx.get()) != 1 || EVP_PKEY_keygen(ctx.get(), &raw) != 1)
      return openssl_failure("X25519 EVP_PKEY_keygen");
    pkey.reset(raw);
    key_pair kp{bytes(key_size), bytes(key_size)};
    std::size_t pub_len = key_size, sec_len = key_size;
    if (EVP_PKEY_get_raw_public_key(pkey.get(), kp.public_key.data(), &pub_len) != 1
        || EVP_PKEY_get_raw_private_key(pkey.get(), kp.secret_key.data(), &sec_len) != 1) {
      wipe(kp.secret_key);
      return openssl_failure("EVP_PKEY_get_raw_*_key");
    }
    return kp;
  }

  std::unique_ptr<EVP_MD, evp_md_deleter> md_;
  evp_cipher_ptr aead_;
};

} // namespace

const key_agreement& openssl_key_agreement() {
  static const openssl_agreement instance;
  return instance;
}

} // namespace actorbench::crypto
