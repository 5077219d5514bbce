#include "mbedtls/mbedtls_backend.hpp"

#include <cstring>
#include <string>

#include <mbedtls/aes.h>
#include <mbedtls/aesni.h>
#include <mbedtls/chacha20.h>
#include <mbedtls/chachapoly.h>
#include <mbedtls/gcm.h>
#include <mbedtls/platform_util.h>
#include <mbedtls/version.h>

#include "checks.hpp"
#include "keyed_cipher_context.hpp"
#include "once_by_direction_backend.hpp"

namespace actorbench::crypto {

namespace {

constexpr std::size_t tag_size = 16;

error rejected(const cipher_info& info, int rc) {
  return make_error(errc::backend_failure,
                    info.name + ": Mbed TLS failed (error " + std::to_string(rc) + ")");
}

// AES-CTR: the round keys are expanded once by mbedtls_aes_setkey_enc (with
// AES-NI's key expansion where the CPU has it); per message the 16-byte IV,
// the whole initial counter block, is copied in and incremented by Mbed TLS
// as a 128-bit big-endian integer, as OpenSSL does. Each block goes through
// mbedtls_aes_crypt_ecb, which picks AES-NI at run time.
class ctr_context final : public detail::keyed_stream_context {
 public:
  ctr_context(const cipher_info& info, bytes_view key) : keyed_stream_context(info) {
    mbedtls_aes_init(&aes_);
    rc_ = mbedtls_aes_setkey_enc(&aes_, key.data, static_cast<unsigned>(key.size * 8));
  }

  // mbedtls_aes_context points `rk` into its own `buf` (at an offset only
  // when VIA PadLock needs 16-byte alignment): copy the words, then point rk
  // at the same offset of the copy. No re-keying.
  ctr_context(const ctr_context& other) : keyed_stream_context(other.info_) {
    rc_ = other.rc_;
    aes_ = other.aes_;
    aes_.rk = aes_.buf + (other.aes_.rk - other.aes_.buf);
  }
  ctr_context& operator=(const ctr_context&) = delete;

  ~ctr_context() override { mbedtls_aes_free(&aes_); }

  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<ctr_context>(*this);
  }

 private:
  result<std::size_t> apply(bytes_view iv, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, iv))
      return *err;
    unsigned char counter[16];
    unsigned char stream_block[16];
    std::memcpy(counter, iv.data, sizeof counter);
    std::size_t offset = 0;
    int rc = in.size == 0 ? 0
                          : mbedtls_aes_crypt_ctr(&aes_, in.size, &offset, counter, stream_block,
                                                  in.data, out);
    mbedtls_platform_zeroize(stream_block, sizeof stream_block);
    if (rc != 0)
      return rejected(info_, rc);
    return in.size;
  }

  mbedtls_aes_context aes_;
};

// AES-GCM: mbedtls_gcm_setkey expands the AES key and precomputes the GHASH
// tables (HL/HH) once; with AES-NI + PCLMUL Mbed TLS multiplies in GF(2^128)
// with PCLMULQDQ at run time instead. The GCM context owns a heap-allocated
// cipher context behind a pointer, so it cannot be byte-copied: clone() keys
// a new one (the one context here that re-keys on clone).
class gcm_context final : public detail::keyed_cipher_context {
 public:
  gcm_context(const cipher_info& info, bytes_view key) : keyed_cipher_context(info) {
    std::memcpy(key_, key.data, key.size);
    mbedtls_gcm_init(&gcm_);
    rc_ = mbedtls_gcm_setkey(&gcm_, MBEDTLS_CIPHER_ID_AES, key.data,
                             static_cast<unsigned>(key.size * 8));
  }
  gcm_context(const gcm_context&) = delete;
  gcm_context& operator=(const gcm_context&) = delete;
  ~gcm_context() override {
    mbedtls_gcm_free(&gcm_);
    mbedtls_platform_zeroize(key_, sizeof key_);
  }

  std::unique_ptr<cipher_context> clone() const override {
    auto copy = std::make_unique<gcm_context>(info_, bytes_view{key_, info_.key_size});
    return copy->status() == 0 ? std::move(copy) : nullptr;
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    int rc = mbedtls_gcm_crypt_and_tag(&gcm_, MBEDTLS_GCM_ENCRYPT, in.size, nonce.data, nonce.size,
                                       nullptr, 0, in.data, out, tag_size, out + in.size);
    if (rc != 0)
      return rejected(info_, rc);
    return in.size + tag_size;
  }

  // mbedtls_gcm_auth_decrypt decrypts, compares the tag in constant time
  // and zeroes the output on a mismatch.
  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (auto err = detail::check_sealed_input(info_, in))
      return *err;
    const std::size_t n = in.size - tag_size;
    int rc = mbedtls_gcm_auth_decrypt(&gcm_, n, nonce.data, nonce.size, nullptr, 0, in.data + n,
                                      tag_size, in.data, out);
    if (rc == MBEDTLS_ERR_GCM_AUTH_FAILED)
      return detail::tag_mismatch(info_);
    if (rc != 0)
      return rejected(info_, rc);
    return n;
  }

 private:
  mbedtls_gcm_context gcm_;
  // Kept only for clone(), see above.
  unsigned char key_[32];
};

// ChaCha20 with OpenSSL's 16-byte IV: 32-bit little-endian block counter,
// then the 96-bit nonce. The context holds the key words once set; it is
// plain words, so a copy is a clone.
class chacha_context final : public detail::keyed_stream_context {
 public:
  chacha_context(const cipher_info& info, bytes_view key) : keyed_stream_context(info) {
    mbedtls_chacha20_init(&state_);
    rc_ = mbedtls_chacha20_setkey(&state_, key.data);
  }
  ~chacha_context() override { mbedtls_chacha20_free(&state_); }

  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<chacha_context>(*this);
  }

 private:
  result<std::size_t> apply(bytes_view iv, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, iv))
      return *err;
    const std::uint32_t counter = detail::chacha_counter(iv.data);
    int rc = mbedtls_chacha20_starts(&state_, iv.data + 4, counter);
    if (rc == 0 && in.size > 0)
      rc = mbedtls_chacha20_update(&state_, in.size, in.data, out);
    if (rc != 0)
      return rejected(info_, rc);
    return in.size;
  }

  mbedtls_chacha20_context state_;
};

// ChaCha20-Poly1305: the ChaCha20 key is set once; Poly1305's key is derived
// from each nonce by Mbed TLS. Plain words, so a copy is a clone.
class chachapoly_context final : public detail::keyed_cipher_context {
 public:
  chachapoly_context(const cipher_info& info, bytes_view key) : keyed_cipher_context(info) {
    mbedtls_chachapoly_init(&state_);
    rc_ = mbedtls_chachapoly_setkey(&state_, key.data);
  }
  ~chachapoly_context() override { mbedtls_chachapoly_free(&state_); }

  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<chachapoly_context>(*this);
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    int rc = mbedtls_chachapoly_encrypt_and_tag(&state_, in.size, nonce.data, nullptr, 0, in.data,
                                                out, out + in.size);
    if (rc != 0)
      return rejected(info_, rc);
    return in.size + tag_size;
  }

  // mbedtls_chachapoly_auth_decrypt zeroes the output on a tag mismatch.
  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (auto err = detail::check_sealed_input(info_, in))
      return *err;
    const std::size_t n = in.size - tag_size;
    int rc = mbedtls_chachapoly_auth_decrypt(&state_, n, nonce.data, nullptr, 0, in.data + n,
                                             in.data, out);
    if (rc == MBEDTLS_ERR_CHACHAPOLY_AUTH_FAILED)
      return detail::tag_mismatch(info_);
    if (rc != 0)
      return rejected(info_, rc);
    return n;
  }

 private:
  mbedtls_chachapoly_context state_;
};

class mbedtls_backend final : public detail::once_by_direction_backend {
 public:
  mbedtls_backend() {
    ciphers_ = {
      {"aes-128-gcm", 16, 12, tag_size, true, true, ""},
      {"aes-256-gcm", 32, 12, tag_size, true, true, ""},
      {"aes-128-ctr", 16, 16, 0, false, true, ""},
      {"aes-256-ctr", 32, 16, 0, false, true, ""},
      {"chacha20", 32, 16, 0, false, true, ""},
      {"chacha20-poly1305", 32, 12, tag_size, true, true, ""},
    };
  }

  std::string_view name() const noexcept override { return "mbedtls"; }

  // "Mbed TLS 2.28.3 (AES-NI, PCLMUL)": which hardware paths it picks here.
  std::string version() const override {
    char number[16] = {}; // "2.28.3": the function writes at most 9 bytes
    mbedtls_version_get_string(number);
    std::string out = std::string{"Mbed TLS "} + number;
    const bool aes = mbedtls_aesni_has_support(MBEDTLS_AESNI_AES) != 0;
    const bool clmul = mbedtls_aesni_has_support(MBEDTLS_AESNI_CLMUL) != 0;
    out += aes ? (clmul ? " (AES-NI, PCLMUL)" : " (AES-NI)") : " (portable AES)";
    return out;
  }

  bool is_available() const noexcept override { return true; }

  const std::vector<cipher_info>& ciphers() const noexcept override { return ciphers_; }

  result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                       bytes_view key) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    const cipher_info& ci = **info;
    if (ci.aead && ci.name.compare(0, 4, "aes-") == 0)
      return detail::keyed(std::make_unique<gcm_context>(ci, key), rejected);
    if (ci.name.compare(0, 4, "aes-") == 0)
      return detail::keyed(std::make_unique<ctr_context>(ci, key), rejected);
    if (ci.name == "chacha20")
      return detail::keyed(std::make_unique<chacha_context>(ci, key), rejected);
    return detail::keyed(std::make_unique<chachapoly_context>(ci, key), rejected);
  }

 private:
  // What naive Mbed TLS code does per message: a context on the stack,
  // *_init, *_setkey (for GCM that also allocates the inner cipher context
  // and computes the GHASH tables), encrypt or decrypt, *_free. Same classes,
  // no unique_ptr allocation of ours.
  result<std::size_t> once(detail::direction way, std::string_view cipher, bytes_view key,
                           bytes_view nonce, bytes_view in, std::uint8_t* out) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    const cipher_info& ci = **info;
    if (ci.aead && ci.name.compare(0, 4, "aes-") == 0)
      return detail::once_on_stack<gcm_context>(way, ci, key, nonce, in, out, rejected);
    if (ci.name.compare(0, 4, "aes-") == 0)
      return detail::once_on_stack<ctr_context>(way, ci, key, nonce, in, out, rejected);
    if (ci.name == "chacha20")
      return detail::once_on_stack<chacha_context>(way, ci, key, nonce, in, out, rejected);
    return detail::once_on_stack<chachapoly_context>(way, ci, key, nonce, in, out, rejected);
  }

  std::vector<cipher_info> ciphers_;
};

} // namespace

std::unique_ptr<backend> make_mbedtls_backend() {
  return std::make_unique<mbedtls_backend>();
}

} // namespace actorbench::crypto
