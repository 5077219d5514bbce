#include "openssl/openssl_backend.hpp"

#include <climits>
#include <cstdint>
#include <optional>
#include <string>

#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include "checks.hpp"
#include "cipher_table.hpp"
#include "once_by_direction_backend.hpp"
#include "openssl/openssl_ctr_context.hpp"
#include "openssl/openssl_errors.hpp"
#include "openssl/openssl_handles.hpp"

namespace actorbench::crypto {

namespace {

using detail::too_long_error;

using detail::evp_cipher_ctx_ptr;
using detail::evp_cipher_ptr;
using detail::openssl_failure;
using detail::take_openssl_errors;

// Every AEAD here (GCM and ChaCha20-Poly1305) uses a 16-byte tag, appended
// to the ciphertext.
constexpr int aead_tag_size = 16;

bool too_long_for_openssl(std::size_t size) {
  return size > static_cast<std::size_t>(INT_MAX) - aead_tag_size;
}

// Runs update and final on a context whose IV has just been set; `in` is the
// whole plaintext or, for AEAD, the ciphertext without its tag.
result<std::size_t> update_final(EVP_CIPHER_CTX* ctx, bytes_view in, std::uint8_t* out) {
  int written = 0;
  if (in.size > 0 && EVP_CipherUpdate(ctx, out, &written, in.data, static_cast<int>(in.size)) != 1)
    return openssl_failure("EVP_CipherUpdate");
  int final_written = 0;
  if (EVP_CipherFinal_ex(ctx, out + written, &final_written) != 1)
    return openssl_failure("EVP_CipherFinal_ex");
  return static_cast<std::size_t>(written + final_written);
}

// Encrypts `in` and appends the tag; the context must be set up for
// encryption with a fresh IV.
result<std::size_t> aead_seal(EVP_CIPHER_CTX* ctx, bytes_view in, std::uint8_t* out) {
  auto n = update_final(ctx, in, out);
  if (!n)
    return n;
  if (EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_GET_TAG, aead_tag_size, out + *n) != 1)
    return openssl_failure("EVP_CTRL_AEAD_GET_TAG");
  return *n + static_cast<std::size_t>(aead_tag_size);
}

// Checks the tag at the end of `in` and decrypts the rest; the context must be
// set up for decryption with the message's IV (and, if `tag_set`, with the
// tag already given), and `in` checked to hold a tag. OpenSSL writes
// plaintext before the final tag check, so on a mismatch that
// unauthenticated output is wiped rather than left in `out`.
result<std::size_t> aead_open(const cipher_info& info, EVP_CIPHER_CTX* ctx, bytes_view in,
                              std::uint8_t* out, bool tag_set = false) {
  const std::size_t body = in.size - aead_tag_size;
  // SET_TAG only reads the buffer; the ctrl interface is just not const-correct.
  auto* tag = const_cast<std::uint8_t*>(in.data + body);
  if (!tag_set && EVP_CIPHER_CTX_ctrl(ctx, EVP_CTRL_AEAD_SET_TAG, aead_tag_size, tag) != 1)
    return openssl_failure("EVP_CTRL_AEAD_SET_TAG");
  int written = 0;
  if (body > 0 && EVP_CipherUpdate(ctx, out, &written, in.data, static_cast<int>(body)) != 1)
    return openssl_failure("EVP_CipherUpdate");
  int final_written = 0;
  if (EVP_CipherFinal_ex(ctx, out + written, &final_written) != 1) {
    // A failed final on decrypt is the tag check; whatever OpenSSL queued
    // about it must not surface in a later, unrelated error.
    ERR_clear_error();
    if (body > 0)
      OPENSSL_cleanse(out, body);
    return make_error(errc::authentication_failed,
                      info.name + ": tag did not verify (message altered or wrong key)");
  }
  return static_cast<std::size_t>(written + final_written);
}

// Sets the IV of a GCM context keyed for one direction, and, to decrypt, the
// tag to expect, in one provider call. EVP_CipherInit_ex2 with only an IV
// asks the provider for the IV length (an OSSL_PARAM query) on every call in
// OpenSSL 3.0: about 630 of its ~820 instructions per message, and SET_TAG is
// a second ~570 (callgrind; bench/NOTEBOOK.md, "a leaner OpenSSL GCM path"). GCM's "TLS1 fixed IV"
// parameter with length -1 copies a whole IV and re-arms the context for a
// new message, as EVP_CTRL_GCM_SET_IV_FIXED with -1 does (libssh sets its GCM
// IVs this way); it cannot change the direction, hence a context per direction.
bool set_gcm_iv(EVP_CIPHER_CTX* ctx, bytes_view nonce, const std::uint8_t* tag) {
  OSSL_PARAM params[3];
  std::size_t n = 0;
  // The provider only reads both buffers; OSSL_PARAM is not const-correct.
  if (tag != nullptr)
    params[n++] = OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TAG,
                                                    const_cast<std::uint8_t*>(tag), aead_tag_size);
  params[n++] = OSSL_PARAM_construct_octet_string(OSSL_CIPHER_PARAM_AEAD_TLS1_IV_FIXED,
                                                  const_cast<std::uint8_t*>(nonce.data),
                                                  static_cast<std::size_t>(-1));
  params[n] = OSSL_PARAM_construct_end();
  return EVP_CIPHER_CTX_set_params(ctx, params) == 1;
}

// A second context keyed to decrypt with `cipher`, if it is GCM and this
// OpenSSL takes set_gcm_iv (checked once on both contexts); else null, and
// the context resets through EVP_CipherInit_ex2 per message.
evp_cipher_ctx_ptr make_gcm_decrypt_context(const EVP_CIPHER* cipher, bytes_view key,
                                            EVP_CIPHER_CTX* encrypt_ctx) {
  if (EVP_CIPHER_get_mode(cipher) != EVP_CIPH_GCM_MODE)
    return nullptr;
  evp_cipher_ctx_ptr ctx{EVP_CIPHER_CTX_new()};
  const std::uint8_t zero_iv[EVP_MAX_IV_LENGTH] = {};
  const bytes_view probe{zero_iv, static_cast<std::size_t>(EVP_CIPHER_get_iv_length(cipher))};
  if (!ctx || EVP_CipherInit_ex2(ctx.get(), cipher, key.data, nullptr, 0, nullptr) != 1
      || !set_gcm_iv(ctx.get(), probe, nullptr) || !set_gcm_iv(encrypt_ctx, probe, nullptr)) {
    // Not fatal: the general path still works; its errors must not linger.
    ERR_clear_error();
    return nullptr;
  }
  return ctx;
}

// Copies a context (and its key schedule) for clone(); null on failure.
evp_cipher_ctx_ptr copy_context(const EVP_CIPHER_CTX* from) {
  evp_cipher_ctx_ptr copy{EVP_CIPHER_CTX_new()};
  if (!copy || EVP_CIPHER_CTX_copy(copy.get(), from) != 1)
    return nullptr;
  return copy;
}

// Checks the arguments of one message in direction `enc` (1: encrypt).
std::optional<error> check_message(const cipher_info& info, bytes_view nonce, bytes_view in,
                                   int enc) {
  if (auto err = detail::check_nonce(info, nonce))
    return err;
  if (enc == 0)
    if (auto err = detail::check_sealed_input(info, in))
      return err;
  if (too_long_for_openssl(in.size))
    return too_long_error();
  return std::nullopt;
}

class openssl_context final : public cipher_context {
 public:
  /// `decrypt_ctx`: for GCM, a second context keyed to decrypt, making
  /// `ctx` the one to encrypt with (see set_gcm_iv); else null.
  openssl_context(const cipher_info& info, evp_cipher_ctx_ptr ctx,
                  evp_cipher_ctx_ptr decrypt_ctx = nullptr)
    : info_(info), ctx_(std::move(ctx)), decrypt_ctx_(std::move(decrypt_ctx)) {}

  const cipher_info& info() const noexcept override { return info_; }

  std::unique_ptr<cipher_context> clone() const override {
    auto copy = copy_context(ctx_.get());
    evp_cipher_ctx_ptr decrypt_copy;
    if (decrypt_ctx_)
      decrypt_copy = copy_context(decrypt_ctx_.get());
    if (!copy || (decrypt_ctx_ && !decrypt_copy))
      return nullptr;
    return std::make_unique<openssl_context>(info_, std::move(copy), std::move(decrypt_copy));
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = check_message(info_, nonce, in, 1))
      return *err;
    if (decrypt_ctx_) {
      if (!set_gcm_iv(ctx_.get(), nonce, nullptr))
        return openssl_failure("EVP_CIPHER_CTX_set_params (GCM IV)");
    } else if (auto err = reset(nonce, 1)) {
      return *err;
    }
    if (info_.aead)
      return aead_seal(ctx_.get(), in, out);
    return update_final(ctx_.get(), in, out);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = check_message(info_, nonce, in, 0))
      return *err;
    if (decrypt_ctx_) {
      if (!set_gcm_iv(decrypt_ctx_.get(), nonce, in.data + in.size - aead_tag_size))
        return openssl_failure("EVP_CIPHER_CTX_set_params (GCM IV and tag)");
      return aead_open(info_, decrypt_ctx_.get(), in, out, true);
    }
    if (auto err = reset(nonce, 0))
      return *err;
    if (info_.aead)
      return aead_open(info_, ctx_.get(), in, out);
    return update_final(ctx_.get(), in, out);
  }

 private:
  // Sets the IV for one message in direction `enc`. Null cipher and key keep
  // the key schedule from make_context; only the IV (and with it the counter,
  // any partial-block state and, for AEAD, the authenticator) is reset.
  std::optional<error> reset(bytes_view nonce, int enc) {
    if (EVP_CipherInit_ex2(ctx_.get(), nullptr, nullptr, nonce.data, enc, nullptr) != 1)
      return openssl_failure("EVP_CipherInit_ex2");
    return std::nullopt;
  }

  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
  evp_cipher_ctx_ptr ctx_;
  evp_cipher_ctx_ptr decrypt_ctx_;
};

// The pre-3.0 style getters naive code passes to EVP_EncryptInit_ex and
// EVP_DecryptInit_ex; each use makes OpenSSL 3 fetch the implementation
// again (implicit fetch).
using legacy_getter = const EVP_CIPHER* (*)();

// What the back-end keeps per cipher.
struct openssl_cipher {
  // Null where the fetch failed.
  evp_cipher_ptr evp;
  // Set only for AES-CTR, whose contexts make their keystream with it.
  evp_cipher_ptr ecb;
  // Used only by encrypt_once and decrypt_once.
  legacy_getter legacy;
};

class openssl_backend final : public detail::once_by_direction_backend {
 public:
  openssl_backend() {
    add("aes-128-ctr", "AES-128-CTR", EVP_aes_128_ctr, 16, 16, false, "AES-128-ECB");
    add("aes-256-ctr", "AES-256-CTR", EVP_aes_256_ctr, 32, 16, false, "AES-256-ECB");
    add("chacha20", "ChaCha20", EVP_chacha20, 32, 16, false);
    add("aes-128-gcm", "AES-128-GCM", EVP_aes_128_gcm, 16, 12, true);
    add("aes-256-gcm", "AES-256-GCM", EVP_aes_256_gcm, 32, 12, true);
    add("chacha20-poly1305", "ChaCha20-Poly1305", EVP_chacha20_poly1305, 32, 12, true);
  }

  std::string_view name() const noexcept override { return "openssl"; }

  std::string version() const override { return OpenSSL_version(OPENSSL_VERSION); }

  bool is_available() const noexcept override { return true; }

  const std::vector<cipher_info>& ciphers() const noexcept override { return table_.infos(); }

  result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                       bytes_view key) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    const openssl_cipher& c = table_.entry(**info);
    evp_cipher_ctx_ptr ctx{EVP_CIPHER_CTX_new()};
    if (!ctx)
      return openssl_failure("EVP_CIPHER_CTX_new");
    // Expanding the key here, once, is what lets encrypt and decrypt reset
    // only the IV per message. The AEADs keep their default 12-byte IV length.
    if (EVP_CipherInit_ex2(ctx.get(), c.evp.get(), key.data, nullptr, 1, nullptr) != 1)
      return openssl_failure("EVP_CipherInit_ex2");
    auto decrypt_ctx = make_gcm_decrypt_context(c.evp.get(), key, ctx.get());
    std::unique_ptr<cipher_context> native{
      new openssl_context(**info, std::move(ctx), std::move(decrypt_ctx))};
    if (!c.ecb)
      return native;
    return detail::make_openssl_ctr_context(**info, c.ecb.get(), key, std::move(native));
  }

 private:
  // Deliberately the naive pattern, not a shortcut through make_context:
  // a new EVP_CIPHER_CTX, the legacy getter (implicit fetch) through
  // EVP_EncryptInit_ex or EVP_DecryptInit_ex, a full key schedule, one
  // message (to encrypt, the tag read after final), and the context freed.
  result<std::size_t> once(detail::direction way, std::string_view cipher, bytes_view key,
                           bytes_view nonce, bytes_view in, std::uint8_t* out) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    const cipher_info& ci = **info;
    const int enc = way == detail::direction::encrypt ? 1 : 0;
    if (auto err = check_message(ci, nonce, in, enc))
      return *err;
    const EVP_CIPHER* legacy = table_.entry(ci).legacy();
    evp_cipher_ctx_ptr ctx{EVP_CIPHER_CTX_new()};
    if (!ctx)
      return openssl_failure("EVP_CIPHER_CTX_new");
    if (enc == 1) {
      if (EVP_EncryptInit_ex(ctx.get(), legacy, nullptr, key.data, nonce.data) != 1)
        return openssl_failure("EVP_EncryptInit_ex");
      return ci.aead ? aead_seal(ctx.get(), in, out) : update_final(ctx.get(), in, out);
    }
    if (EVP_DecryptInit_ex(ctx.get(), legacy, nullptr, key.data, nonce.data) != 1)
      return openssl_failure("EVP_DecryptInit_ex");
    return ci.aead ? aead_open(ci, ctx.get(), in, out) : update_final(ctx.get(), in, out);
  }

  // Fetching explicitly, once, keeps provider lookups off the per-message
  // path (the legacy EVP_aes_128_ctr() style would fetch implicitly).
  // `keystream_from`, for AES-CTR, names the ECB cipher its contexts make
  // their keystream with (see openssl_ctr_context.hpp).
  void add(const char* name, const char* openssl_name, legacy_getter legacy, std::size_t key_size,
           std::size_t nonce_size, bool aead, const char* keystream_from = nullptr) {
    cipher_info info{name, key_size, nonce_size, aead ? static_cast<std::size_t>(aead_tag_size) : 0,
                     aead, true,     ""};
    evp_cipher_ptr evp{EVP_CIPHER_fetch(nullptr, openssl_name, nullptr)};
    evp_cipher_ptr ecb{keystream_from ? EVP_CIPHER_fetch(nullptr, keystream_from, nullptr)
                                      : nullptr};
    const char* missing = !evp ? openssl_name : keystream_from && !ecb ? keystream_from : nullptr;
    if (missing) {
      info.available = false;
      info.unavailable_reason =
        std::string{"EVP_CIPHER_fetch(\""} + missing + "\") failed: " + take_openssl_errors();
    }
    table_.add(std::move(info), openssl_cipher{std::move(evp), std::move(ecb), legacy});
  }

  detail::cipher_table<openssl_cipher> table_;
};

} // namespace

std::unique_ptr<backend> make_openssl_backend() {
  return std::make_unique<openssl_backend>();
}

} // namespace actorbench::crypto
