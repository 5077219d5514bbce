#include "gcrypt/gcrypt_backend.hpp"

#include <array>
#include <cstring>
#include <optional>
#include <string>

#include <string.h> // explicit_bzero (glibc)

#include <gcrypt.h>

#include "checks.hpp"
#include "cipher_table.hpp"
#include "once_by_direction_backend.hpp"
#include "gcrypt/gcrypt_init.hpp"

namespace actorbench::crypto {

namespace {

using detail::gcrypt_failure;

constexpr std::size_t tag_size = 16;

// How a message sets its nonce and whether a tag follows the data.
enum class kind { ctr, stream, aead };

// What gcry_cipher_open takes for one of our ciphers.
struct algo {
  int cipher;
  int mode;
  kind how;
};

struct handle_deleter {
  void operator()(gcry_cipher_hd_t h) const noexcept { gcry_cipher_close(h); }
};
using handle_ptr = std::unique_ptr<std::remove_pointer_t<gcry_cipher_hd_t>, handle_deleter>;

// A handle for `a` keyed with `key`: gcry_cipher_setkey expands the key
// schedule (and for GCM the GHASH table) here, once.
result<handle_ptr> open_keyed(const algo& a, bytes_view key) {
  gcry_cipher_hd_t raw = nullptr;
  if (auto err = gcry_cipher_open(&raw, a.cipher, a.mode, 0))
    return gcrypt_failure("gcry_cipher_open", err);
  handle_ptr h{raw};
  if (auto err = gcry_cipher_setkey(h.get(), key.data, key.size))
    return gcrypt_failure("gcry_cipher_setkey", err);
  return h;
}

// Starts a message: CTR takes the whole counter block through setctr,
// ChaCha20 the 16-byte counter || nonce and the AEADs their 12-byte nonce
// through setiv. Either also drops any leftover keystream and AEAD state.
std::optional<error> start(gcry_cipher_hd_t h, kind how, bytes_view nonce) {
  gcry_error_t err = how == kind::ctr ? gcry_cipher_setctr(h, nonce.data, nonce.size)
                                      : gcry_cipher_setiv(h, nonce.data, nonce.size);
  if (err)
    return gcrypt_failure("gcry_cipher_setiv", err);
  return std::nullopt;
}

// Decrypts `in` (the tag, for AEAD, at its end) on a started handle. On a
// tag mismatch the plaintext libgcrypt already wrote is wiped.
result<std::size_t> open_message(const cipher_info& info, gcry_cipher_hd_t h, kind how,
                                 bytes_view in, std::uint8_t* out) {
  const std::size_t body = how == kind::aead ? in.size - tag_size : in.size;
  if (body > 0)
    if (auto err = gcry_cipher_decrypt(h, out, body, in.data, body))
      return gcrypt_failure("gcry_cipher_decrypt", err);
  if (how != kind::aead)
    return body;
  if (gcry_cipher_checktag(h, in.data + body, tag_size) != 0) {
    if (body > 0)
      std::memset(out, 0, body);
    return make_error(errc::authentication_failed,
                      info.name + ": tag did not verify (message altered or wrong key)");
  }
  return body;
}

// Encrypts `in` on a started handle and, for AEAD, appends the tag.
result<std::size_t> seal_message(gcry_cipher_hd_t h, kind how, bytes_view in, std::uint8_t* out) {
  if (in.size > 0)
    if (auto err = gcry_cipher_encrypt(h, out, in.size, in.data, in.size))
      return gcrypt_failure("gcry_cipher_encrypt", err);
  if (how != kind::aead)
    return in.size;
  if (auto err = gcry_cipher_gettag(h, out + in.size, tag_size))
    return gcrypt_failure("gcry_cipher_gettag", err);
  return in.size + tag_size;
}

class gcrypt_context final : public cipher_context {
 public:
  gcrypt_context(const cipher_info& info, const algo& a, bytes_view key, handle_ptr h)
    : info_(info), algo_(a), h_(std::move(h)), key_size_(key.size) {
    std::memcpy(key_.data(), key.data, key.size);
  }
  // explicit_bzero: a plain memset of a dying member may be optimised away.
  ~gcrypt_context() override { explicit_bzero(key_.data(), key_.size()); }

  const cipher_info& info() const noexcept override { return info_; }

  // libgcrypt has no handle copy: a clone opens a handle and expands the
  // key again from the copy kept for this.
  std::unique_ptr<cipher_context> clone() const override {
    bytes_view key{key_.data(), key_size_};
    auto h = open_keyed(algo_, key);
    if (!h)
      return nullptr;
    return std::make_unique<gcrypt_context>(info_, algo_, key, std::move(*h));
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (auto err = start(h_.get(), algo_.how, nonce))
      return *err;
    return seal_message(h_.get(), algo_.how, in, out);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (auto err = detail::check_sealed_input(info_, in))
      return *err;
    if (auto err = start(h_.get(), algo_.how, nonce))
      return *err;
    return open_message(info_, h_.get(), algo_.how, in, out);
  }

 private:
  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
  algo algo_;
  handle_ptr h_;
  std::array<std::uint8_t, 32> key_{};
  std::size_t key_size_;
};

class gcrypt_backend final : public detail::once_by_direction_backend {
 public:
  gcrypt_backend() : version_(detail::gcrypt_version()) {
    add({"aes-128-gcm", 16, 12, tag_size, true, true, ""},
        {GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_GCM, kind::aead});
    add({"aes-256-gcm", 32, 12, tag_size, true, true, ""},
        {GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_GCM, kind::aead});
    add({"chacha20-poly1305", 32, 12, tag_size, true, true, ""},
        {GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_POLY1305, kind::aead});
    add({"aes-128-ctr", 16, 16, 0, false, true, ""},
        {GCRY_CIPHER_AES128, GCRY_CIPHER_MODE_CTR, kind::ctr});
    add({"aes-256-ctr", 32, 16, 0, false, true, ""},
        {GCRY_CIPHER_AES256, GCRY_CIPHER_MODE_CTR, kind::ctr});
    add({"chacha20", 32, 16, 0, false, true, ""},
        {GCRY_CIPHER_CHACHA20, GCRY_CIPHER_MODE_STREAM, kind::stream});
  }

  std::string_view name() const noexcept override { return "gcrypt"; }

  std::string version() const override {
    return std::string{"libgcrypt "} + (version_ ? version_ : "(not initialised)");
  }

  bool is_available() const noexcept override { return version_ != nullptr; }

  const std::vector<cipher_info>& ciphers() const noexcept override { return table_.infos(); }

  result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                       bytes_view key) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    const algo& a = table_.entry(**info);
    auto h = open_keyed(a, key);
    if (!h)
      return h.err();
    return std::unique_ptr<cipher_context>{new gcrypt_context(**info, a, key, std::move(*h))};
  }

 private:
  // What naive libgcrypt code does per message: open a handle, set the key
  // (the full key schedule), set the nonce, encrypt and get the tag, or
  // decrypt and check the tag, close.
  result<std::size_t> once(detail::direction way, std::string_view cipher, bytes_view key,
                           bytes_view nonce, bytes_view in, std::uint8_t* out) const override {
    auto info = detail::check_once_args(*this, way, cipher, key, nonce, in);
    if (!info)
      return info.err();
    const algo& a = table_.entry(**info);
    auto h = open_keyed(a, key);
    if (!h)
      return h.err();
    if (auto err = start(h->get(), a.how, nonce))
      return *err;
    if (way == detail::direction::encrypt)
      return seal_message(h->get(), a.how, in, out);
    return open_message(**info, h->get(), a.how, in, out);
  }

  // Lists the cipher; it is unavailable if libgcrypt did not initialise or
  // refuses to open it (e.g. ChaCha20 in FIPS mode).
  void add(cipher_info info, algo a) {
    if (version_ == nullptr) {
      info.available = false;
      info.unavailable_reason = std::string{"libgcrypt older than "} + GCRYPT_VERSION;
    } else if (auto h = open_keyed(a, bytes_view{zero_key.data(), info.key_size}); !h) {
      info.available = false;
      info.unavailable_reason = h.err().detail;
    }
    table_.add(std::move(info), a);
  }

  static constexpr std::array<std::uint8_t, 32> zero_key{};

  const char* version_;
  detail::cipher_table<algo> table_;
};

} // namespace

std::unique_ptr<backend> make_gcrypt_backend() {
  return std::make_unique<gcrypt_backend>();
}

} // namespace actorbench::crypto
