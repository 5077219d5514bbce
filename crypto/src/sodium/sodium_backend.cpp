#include "sodium/sodium_backend.hpp"

#include <algorithm>
#include <array>
#include <string>

#include <sodium.h>

#include "checks.hpp"

namespace actorbench::crypto {

namespace {

constexpr std::size_t stream_key_size = 32;
static_assert(crypto_stream_chacha20_ietf_KEYBYTES == stream_key_size);
static_assert(crypto_stream_xchacha20_KEYBYTES == stream_key_size);
static_assert(crypto_aead_chacha20poly1305_ietf_KEYBYTES == stream_key_size);
static_assert(crypto_aead_xchacha20poly1305_ietf_KEYBYTES == stream_key_size);
static_assert(crypto_aead_chacha20poly1305_ietf_ABYTES == 16);
static_assert(crypto_aead_xchacha20poly1305_ietf_ABYTES == 16);

// libsodium's stream and ChaCha20-Poly1305 functions take the key on every
// call, so the context keeps its own copy; it is wiped when the context goes
// away.
class stream_key {
 public:
  explicit stream_key(bytes_view key) { std::copy(key.data, key.data + key_.size(), key_.begin()); }
  stream_key(const stream_key&) = delete;
  stream_key& operator=(const stream_key&) = delete;
  ~stream_key() { sodium_memzero(key_.data(), key_.size()); }
  const unsigned char* data() const noexcept { return key_.data(); }

 private:
  std::array<unsigned char, stream_key_size> key_;
};

using xor_function = int (*)(unsigned char*, const unsigned char*, unsigned long long,
                             const unsigned char*, const unsigned char*);

// chacha20-ietf and xchacha20 differ only in the libsodium function and the
// nonce size; both are their own inverse.
class stream_context final : public cipher_context {
 public:
  stream_context(const cipher_info& info, bytes_view key, xor_function xor_fn)
    : info_(info), key_(key), xor_fn_(xor_fn) {}

  const cipher_info& info() const noexcept override { return info_; }

  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<stream_context>(info_, bytes_view{key_.data(), stream_key_size},
                                            xor_fn_);
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    return apply(nonce, in, out);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    return apply(nonce, in, out);
  }

 private:
  result<std::size_t> apply(bytes_view nonce, bytes_view in, std::uint8_t* out) {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (in.size > 0 && xor_fn_(out, in.data, in.size, nonce.data, key_.data()) != 0)
      return make_error(errc::backend_failure, info_.name + ": libsodium rejected the message");
    return in.size;
  }

  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
  stream_key key_;
  xor_function xor_fn_;
};

using aead_encrypt_function = int (*)(unsigned char*, unsigned long long*, const unsigned char*,
                                      unsigned long long, const unsigned char*, unsigned long long,
                                      const unsigned char*, const unsigned char*,
                                      const unsigned char*);
using aead_decrypt_function = int (*)(unsigned char*, unsigned long long*, unsigned char*,
                                      const unsigned char*, unsigned long long,
                                      const unsigned char*, unsigned long long,
                                      const unsigned char*, const unsigned char*);

// chacha20-poly1305 and xchacha20-poly1305 (libsodium's _ietf variants:
// 96-bit and 192-bit nonces) differ only in the
// libsodium functions and the nonce size. There is no key schedule to keep:
// the Poly1305 key is derived from the nonce on every message anyway, so the
// context is the key itself. No associated data; the tag is appended.
class chacha_aead_context final : public cipher_context {
 public:
  chacha_aead_context(const cipher_info& info, bytes_view key, aead_encrypt_function seal,
                      aead_decrypt_function open)
    : info_(info), key_(key), seal_(seal), open_(open) {}

  const cipher_info& info() const noexcept override { return info_; }

  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<chacha_aead_context>(info_, bytes_view{key_.data(), stream_key_size},
                                                 seal_, open_);
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    unsigned long long written = 0;
    if (seal_(out, &written, in.data, in.size, nullptr, 0, nullptr, nonce.data, key_.data()) != 0)
      return make_error(errc::backend_failure, info_.name + ": libsodium rejected the message");
    return static_cast<std::size_t>(written);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (auto err = detail::check_sealed_input(info_, in))
      return *err;
    // libsodium verifies the tag before it writes any plaintext.
    unsigned long long written = 0;
    if (open_(out, &written, nullptr, in.data, in.size, nullptr, 0, nonce.data, key_.data()) != 0)
      return make_error(errc::authentication_failed,
                        info_.name + ": tag did not verify (message altered or wrong key)");
    return static_cast<std::size_t>(written);
  }

 private:
  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
  stream_key key_;
  aead_encrypt_function seal_;
  aead_decrypt_function open_;
};

class aes256gcm_context final : public cipher_context {
 public:
  aes256gcm_context(const cipher_info& info, bytes_view key) : info_(info) {
    // Expands the key and the GHASH key once; per message only the _afternm
    // functions run.
    crypto_aead_aes256gcm_beforenm(&state_, key.data);
  }

  // The expanded state is plain bytes: copying it is the cheap clone.
  aes256gcm_context(const aes256gcm_context& other) : info_(other.info_), state_(other.state_) {}
  aes256gcm_context& operator=(const aes256gcm_context&) = delete;

  ~aes256gcm_context() override { sodium_memzero(&state_, sizeof state_); }

  const cipher_info& info() const noexcept override { return info_; }

  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<aes256gcm_context>(*this);
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    unsigned long long written = 0;
    if (crypto_aead_aes256gcm_encrypt_afternm(out, &written, in.data, in.size, nullptr, 0, nullptr,
                                              nonce.data, &state_)
        != 0)
      return make_error(errc::backend_failure, "aes-256-gcm: libsodium rejected the message");
    return static_cast<std::size_t>(written);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (auto err = detail::check_sealed_input(info_, in))
      return *err;
    unsigned long long written = 0;
    if (crypto_aead_aes256gcm_decrypt_afternm(out, &written, nullptr, in.data, in.size, nullptr, 0,
                                              nonce.data, &state_)
        != 0)
      return make_error(errc::authentication_failed,
                        "aes-256-gcm: tag did not verify (message altered or wrong key)");
    return static_cast<std::size_t>(written);
  }

 private:
  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
  crypto_aead_aes256gcm_state state_;
};

class sodium_backend final : public backend {
 public:
  // No encrypt_once / decrypt_once override: libsodium has no context object
  // to create or free, so the naive per-message pattern is exactly
  // make_context (copy or expand the key) plus encrypt or decrypt, which is
  // the base-class default.

  sodium_backend() : initialised_(sodium_init() >= 0) {
    ciphers_ = {
      {"chacha20-ietf", crypto_stream_chacha20_ietf_KEYBYTES,
       crypto_stream_chacha20_ietf_NONCEBYTES, 0, false, true, ""},
      {"xchacha20", crypto_stream_xchacha20_KEYBYTES, crypto_stream_xchacha20_NONCEBYTES, 0, false,
       true, ""},
      {"aes-256-gcm", crypto_aead_aes256gcm_KEYBYTES, crypto_aead_aes256gcm_NPUBBYTES,
       crypto_aead_aes256gcm_ABYTES, true, true, ""},
      // The common names (OpenSSL's, which every back-end uses), so that
      // --backend all --cipher chacha20-poly1305 covers libsodium too; the
      // names this back-end had before stay accepted (aliases_).
      {"chacha20-poly1305", crypto_aead_chacha20poly1305_ietf_KEYBYTES,
       crypto_aead_chacha20poly1305_ietf_NPUBBYTES, crypto_aead_chacha20poly1305_ietf_ABYTES, true,
       true, ""},
      {"xchacha20-poly1305", crypto_aead_xchacha20poly1305_ietf_KEYBYTES,
       crypto_aead_xchacha20poly1305_ietf_NPUBBYTES, crypto_aead_xchacha20poly1305_ietf_ABYTES,
       true, true, ""},
    };
    if (!initialised_) {
      for (auto& info : ciphers_) {
        info.available = false;
        info.unavailable_reason = "sodium_init() failed";
      }
    } else if (crypto_aead_aes256gcm_is_available() == 0) {
      // The CPU feature probe only gives a meaningful answer after sodium_init().
      cipher_info& gcm = ciphers_[aes256gcm_index];
      gcm.available = false;
      gcm.unavailable_reason = "needs AES-NI and PCLMUL";
    }
  }

  std::string_view name() const noexcept override { return "sodium"; }

  std::string version() const override {
    return std::string{"libsodium "} + sodium_version_string();
  }

  bool is_available() const noexcept override { return initialised_; }

  const std::vector<cipher_info>& ciphers() const noexcept override { return ciphers_; }

  const std::vector<cipher_alias>& cipher_aliases() const noexcept override { return aliases_; }

  result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                       bytes_view key) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    const cipher_info& ci = **info;
    if (ci.name == "chacha20-ietf")
      return std::unique_ptr<cipher_context>{
        new stream_context(ci, key, crypto_stream_chacha20_ietf_xor)};
    if (ci.name == "xchacha20")
      return std::unique_ptr<cipher_context>{
        new stream_context(ci, key, crypto_stream_xchacha20_xor)};
    if (ci.name == "chacha20-poly1305")
      return std::unique_ptr<cipher_context>{
        new chacha_aead_context(ci, key, crypto_aead_chacha20poly1305_ietf_encrypt,
                                crypto_aead_chacha20poly1305_ietf_decrypt)};
    if (ci.name == "xchacha20-poly1305")
      return std::unique_ptr<cipher_context>{
        new chacha_aead_context(ci, key, crypto_aead_xchacha20poly1305_ietf_encrypt,
                                crypto_aead_xchacha20poly1305_ietf_decrypt)};
    return std::unique_ptr<cipher_context>{new aes256gcm_context(ci, key)};
  }

 private:
  // Position of "aes-256-gcm" in ciphers_, the one cipher that depends on the CPU.
  static constexpr std::size_t aes256gcm_index = 2;

  bool initialised_;
  std::vector<cipher_info> ciphers_;
  // The names of the AEADs before they took the common ones.
  std::vector<cipher_alias> aliases_ = {{"chacha20-poly1305-ietf", "chacha20-poly1305"},
                                        {"xchacha20-poly1305-ietf", "xchacha20-poly1305"}};
};

} // namespace

std::unique_ptr<backend> make_sodium_backend() {
  return std::make_unique<sodium_backend>();
}

} // namespace actorbench::crypto
