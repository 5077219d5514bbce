#include "wolfssl/wolfssl_backend.hpp"

#include <array>
#include <cstring>
#include <string>

// options.h first: it carries the library build's configuration, without
// which the struct layouts below would not match libwolfssl's.
#include <wolfssl/options.h>

#include <wolfssl/ssl.h>
#include <wolfssl/wolfcrypt/aes.h>
#include <wolfssl/wolfcrypt/chacha.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/wc_port.h>

#include "checks.hpp"
#include "keyed_cipher_context.hpp"
#include "once_by_direction_backend.hpp"

namespace actorbench::crypto {

namespace {

constexpr std::size_t tag_size = 16;

// wolfCrypt's ForceZero is internal (misc.h), so wipe through a volatile
// pointer, which the compiler may not elide.
void wipe(void* p, std::size_t n) {
  auto* v = static_cast<volatile unsigned char*>(p);
  while (n-- > 0)
    *v++ = 0;
}

error rejected(const cipher_info& info, int rc) {
  return make_error(errc::backend_failure,
                    info.name + ": wolfCrypt failed (error " + std::to_string(rc) + ")");
}

// AES-CTR and AES-GCM share wolfCrypt's Aes object: the key schedule (and,
// for GCM, the GHASH key H and its 4-bit multiplication table M0) is
// expanded once by wc_AesSetKey/wc_AesGcmSetKey. Debian's libwolfssl is
// built without WOLFSSL_AESNI, so these are wolfCrypt's portable C paths.
class aes_context final : public detail::keyed_cipher_context {
 public:
  aes_context(const cipher_info& info, bytes_view key) : keyed_cipher_context(info) {
    rc_ = wc_AesInit(&aes_, nullptr, INVALID_DEVID);
    if (rc_ == 0)
      rc_ = info.aead ? wc_AesGcmSetKey(&aes_, key.data, static_cast<word32>(key.size))
                      : wc_AesSetKey(&aes_, key.data, static_cast<word32>(key.size), nullptr,
                                     AES_ENCRYPTION);
  }

  // The Aes object holds the expanded schedule and tables inline (no heap
  // pointers in this software-only build: heap and devCtx are null), so a
  // byte copy is an independent context with the same key.
  aes_context(const aes_context& other) : keyed_cipher_context(other.info_) {
    rc_ = other.rc_;
    std::memcpy(static_cast<void*>(&aes_), &other.aes_, sizeof aes_);
  }
  aes_context& operator=(const aes_context&) = delete;

  ~aes_context() override {
    wc_AesFree(&aes_);
    wipe(&aes_, sizeof aes_);
  }

  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<aes_context>(*this);
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (!info_.aead)
      return ctr(nonce, in, out);
    const auto n = static_cast<word32>(in.size);
    int rc = wc_AesGcmEncrypt(&aes_, out, in.data, n, nonce.data, static_cast<word32>(nonce.size),
                              out + in.size, tag_size, nullptr, 0);
    if (rc != 0)
      return rejected(info_, rc);
    return in.size + tag_size;
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (!info_.aead)
      return ctr(nonce, in, out);
    if (auto err = detail::check_sealed_input(info_, in))
      return *err;
    const std::size_t n = in.size - tag_size;
    int rc = wc_AesGcmDecrypt(&aes_, out, in.data, static_cast<word32>(n), nonce.data,
                              static_cast<word32>(nonce.size), in.data + n, tag_size, nullptr, 0);
    if (rc == AES_GCM_AUTH_E) {
      // Do not leave plaintext of a forged message behind.
      wipe(out, n);
      return detail::tag_mismatch(info_);
    }
    if (rc != 0)
      return rejected(info_, rc);
    return n;
  }

 private:
  // The 16-byte IV is the whole initial counter block; wolfCrypt increments
  // it as a 128-bit big-endian integer, as OpenSSL does.
  result<std::size_t> ctr(bytes_view iv, bytes_view in, std::uint8_t* out) {
    int rc = wc_AesSetIV(&aes_, iv.data);
    aes_.left = 0; // no key-stream bytes carried over from the previous message
    if (rc == 0 && in.size > 0)
      rc = wc_AesCtrEncrypt(&aes_, out, in.data, static_cast<word32>(in.size));
    if (rc != 0)
      return rejected(info_, rc);
    return in.size;
  }

  Aes aes_;
};

// ChaCha20 with OpenSSL's 16-byte IV: 32-bit little-endian block counter,
// then the 96-bit nonce. The ChaCha state holds the key words once set.
class chacha_context final : public detail::keyed_stream_context {
 public:
  chacha_context(const cipher_info& info, bytes_view key) : keyed_stream_context(info) {
    rc_ = wc_Chacha_SetKey(&state_, key.data, static_cast<word32>(key.size));
  }
  ~chacha_context() override { wipe(&state_, sizeof state_); }

  // Plain words: copying is cloning.
  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<chacha_context>(*this);
  }

 private:
  result<std::size_t> apply(bytes_view iv, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, iv))
      return *err;
    const word32 counter = detail::chacha_counter(iv.data);
    int rc = wc_Chacha_SetIV(&state_, iv.data + 4, counter);
    state_.left = 0;
    if (rc == 0 && in.size > 0)
      rc = wc_Chacha_Process(&state_, out, in.data, static_cast<word32>(in.size));
    if (rc != 0)
      return rejected(info_, rc);
    return in.size;
  }

  ChaCha state_;
};

// ChaCha20-Poly1305 and XChaCha20-Poly1305 through wolfCrypt's streaming
// AEAD (a ChaChaPoly_Aead on the stack per message, no allocation): the
// one-shot wc_ChaCha20Poly1305_Encrypt refuses empty messages, which are
// valid here. The Poly1305 key is derived from each nonce anyway, so there
// is no schedule to keep: the context keeps a copy of the key. wolfCrypt
// decrypts while it authenticates, so a tag mismatch wipes `out`.
class chacha_aead_context final : public detail::keyed_cipher_context {
 public:
  chacha_aead_context(const cipher_info& info, bytes_view key) : keyed_cipher_context(info) {
    std::memcpy(key_.data(), key.data, key_.size());
  }
  ~chacha_aead_context() override { wipe(key_.data(), key_.size()); }

  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<chacha_aead_context>(info_, bytes_view{key_.data(), key_.size()});
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    int rc = run(nonce, in.data, in.size, out, out + in.size, CHACHA20_POLY1305_AEAD_ENCRYPT);
    if (rc != 0)
      return rejected(info_, rc);
    return in.size + tag_size;
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (auto err = detail::check_sealed_input(info_, in))
      return *err;
    const std::size_t n = in.size - tag_size;
    byte tag[tag_size];
    int rc = run(nonce, in.data, n, out, tag, CHACHA20_POLY1305_AEAD_DECRYPT);
    if (rc == 0 && wc_ChaCha20Poly1305_CheckTag(tag, in.data + n) != 0) {
      wipe(out, n);
      return detail::tag_mismatch(info_);
    }
    if (rc != 0)
      return rejected(info_, rc);
    return n;
  }

 private:
  // Keys, runs ChaCha20 over `in` into `out` while Poly1305 authenticates
  // the ciphertext, and writes the computed tag.
  int run(bytes_view nonce, const byte* in, std::size_t n, byte* out, byte* tag, int encrypting) {
    // XChaCha's Init leaves the length counters alone: start from zeros.
    ChaChaPoly_Aead aead{};
    // wolfSSL 5.5's wc_XChaCha20Poly1305_Init takes the nonce before the key
    // (its header names them the other way round) and refuses a null AAD
    // pointer even with no AAD; Final refuses a context that saw no AAD and
    // no data, so an empty message still goes through UpdateData. Hence the
    // non-null `empty`.
    byte empty[1] = {0};
    int rc =
      info_.nonce_size == XCHACHA20_POLY1305_AEAD_NONCE_SIZE
        ? wc_XChaCha20Poly1305_Init(&aead, empty, 0, nonce.data, static_cast<word32>(nonce.size),
                                    key_.data(), key_.size(), encrypting)
        : wc_ChaCha20Poly1305_Init(&aead, key_.data(), nonce.data, encrypting);
    if (rc == 0)
      rc = wc_ChaCha20Poly1305_UpdateData(&aead, n > 0 ? in : empty, n > 0 ? out : empty,
                                          static_cast<word32>(n));
    if (rc == 0)
      rc = wc_ChaCha20Poly1305_Final(&aead, tag);
    wipe(&aead, sizeof aead);
    return rc;
  }

  std::array<byte, CHACHA20_POLY1305_AEAD_KEYSIZE> key_;
};

class wolfssl_backend final : public detail::once_by_direction_backend {
 public:
  wolfssl_backend() : initialised_(wolfCrypt_Init() == 0) {
    ciphers_ = {
      {"aes-128-gcm", 16, 12, tag_size, true, true, ""},
      {"aes-256-gcm", 32, 12, tag_size, true, true, ""},
      {"aes-128-ctr", 16, 16, 0, false, true, ""},
      {"aes-256-ctr", 32, 16, 0, false, true, ""},
      {"chacha20", 32, 16, 0, false, true, ""},
      {"chacha20-poly1305", 32, 12, tag_size, true, true, ""},
      {"xchacha20-poly1305", 32, 24, tag_size, true, true, ""},
    };
    if (!initialised_)
      for (auto& info : ciphers_) {
        info.available = false;
        info.unavailable_reason = "wolfCrypt_Init() failed";
      }
  }

  std::string_view name() const noexcept override { return "wolfssl"; }

  std::string version() const override { return std::string{"wolfSSL "} + wolfSSL_lib_version(); }

  bool is_available() const noexcept override { return initialised_; }

  const std::vector<cipher_info>& ciphers() const noexcept override { return ciphers_; }

  result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                       bytes_view key) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    const cipher_info& ci = **info;
    if (ci.name.compare(0, 4, "aes-") == 0)
      return detail::keyed(std::make_unique<aes_context>(ci, key), rejected);
    if (ci.name == "chacha20")
      return detail::keyed(std::make_unique<chacha_context>(ci, key), rejected);
    return std::unique_ptr<cipher_context>{new chacha_aead_context(ci, key)};
  }

 private:
  // What naive wolfCrypt code does per message: an Aes (or ChaCha) object on
  // the stack, wc_AesInit + set key (expanding the schedule, and for GCM the
  // GHASH table), encrypt or decrypt, wc_AesFree. Same classes, no heap
  // allocation.
  result<std::size_t> once(detail::direction way, std::string_view cipher, bytes_view key,
                           bytes_view nonce, bytes_view in, std::uint8_t* out) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    const cipher_info& ci = **info;
    if (ci.name.compare(0, 4, "aes-") == 0)
      return detail::once_on_stack<aes_context>(way, ci, key, nonce, in, out, rejected);
    if (ci.name == "chacha20")
      return detail::once_on_stack<chacha_context>(way, ci, key, nonce, in, out, rejected);
    return detail::once_on_stack<chacha_aead_context>(way, ci, key, nonce, in, out, rejected);
  }

  bool initialised_;
  std::vector<cipher_info> ciphers_;
};

} // namespace

std::unique_ptr<backend> make_wolfssl_backend() {
  return std::make_unique<wolfssl_backend>();
}

} // namespace actorbench::crypto
