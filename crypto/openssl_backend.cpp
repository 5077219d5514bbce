#include "crypto/openssl_backend.hpp"

#include <climits>

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>

#include "crypto/checks.hpp"

namespace actorbench::crypto {

namespace {

struct evp_cipher_deleter {
  void operator()(EVP_CIPHER* p) const noexcept { EVP_CIPHER_free(p); }
};

struct evp_cipher_ctx_deleter {
  void operator()(EVP_CIPHER_CTX* p) const noexcept { EVP_CIPHER_CTX_free(p); }
};

using evp_cipher_ptr = std::unique_ptr<EVP_CIPHER, evp_cipher_deleter>;
using evp_cipher_ctx_ptr = std::unique_ptr<EVP_CIPHER_CTX, evp_cipher_ctx_deleter>;

// Drains OpenSSL's thread-local error queue so that a failure is reported
// once and does not leak into later, unrelated calls.
std::string take_openssl_errors() {
  std::string out;
  while (unsigned long code = ERR_get_error()) {
    char buf[256];
    ERR_error_string_n(code, buf, sizeof buf);
    if (!out.empty())
      out += "; ";
    out += buf;
  }
  return out.empty() ? "no detail from OpenSSL" : out;
}

error openssl_failure(const char* what) {
  return make_error(errc::backend_failure, std::string{what} + " failed: " + take_openssl_errors());
}

class openssl_context final : public cipher_context {
 public:
  openssl_context(const cipher_info& info, evp_cipher_ctx_ptr ctx)
    : info_(info), ctx_(std::move(ctx)) {}

  const cipher_info& info() const noexcept override { return info_; }

  std::unique_ptr<cipher_context> clone() const override {
    evp_cipher_ctx_ptr copy{EVP_CIPHER_CTX_new()};
    if (!copy || EVP_CIPHER_CTX_copy(copy.get(), ctx_.get()) != 1)
      return nullptr;
    return std::make_unique<openssl_context>(info_, std::move(copy));
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    return run(nonce, in, out, 1);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    return run(nonce, in, out, 0);
  }

 private:
  result<std::size_t> run(bytes_view nonce, bytes_view in, std::uint8_t* out, int enc) {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (in.size > static_cast<std::size_t>(INT_MAX))
      return make_error(errc::bad_input, "message longer than OpenSSL's int length limit");
    // Null cipher and key keep the key schedule from make_context; only the
    // IV (and with it the counter and any partial-block state) is reset.
    if (EVP_CipherInit_ex2(ctx_.get(), nullptr, nullptr, nonce.data, enc, nullptr) != 1)
      return openssl_failure("EVP_CipherInit_ex2");
    int written = 0;
    if (in.size > 0
        && EVP_CipherUpdate(ctx_.get(), out, &written, in.data, static_cast<int>(in.size)) != 1)
      return openssl_failure("EVP_CipherUpdate");
    int final_written = 0;
    if (EVP_CipherFinal_ex(ctx_.get(), out + written, &final_written) != 1)
      return openssl_failure("EVP_CipherFinal_ex");
    return static_cast<std::size_t>(written + final_written);
  }

  const cipher_info info_;
  evp_cipher_ctx_ptr ctx_;
};

class openssl_backend final : public backend {
 public:
  openssl_backend() {
    add("aes-128-ctr", "AES-128-CTR", 16, 16);
    add("aes-256-ctr", "AES-256-CTR", 32, 16);
    add("chacha20", "ChaCha20", 32, 16);
  }

  std::string_view name() const noexcept override { return "openssl"; }

  std::string version() const override { return OpenSSL_version(OPENSSL_VERSION); }

  bool is_available() const noexcept override { return true; }

  const std::vector<cipher_info>& ciphers() const noexcept override { return ciphers_; }

  result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                       bytes_view key) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    auto index = static_cast<std::size_t>(*info - ciphers_.data());
    evp_cipher_ctx_ptr ctx{EVP_CIPHER_CTX_new()};
    if (!ctx)
      return openssl_failure("EVP_CIPHER_CTX_new");
    // Expanding the key here, once, is what lets encrypt and decrypt reset
    // only the IV per message.
    if (EVP_CipherInit_ex2(ctx.get(), evp_[index].get(), key.data, nullptr, 1, nullptr) != 1)
      return openssl_failure("EVP_CipherInit_ex2");
    return std::unique_ptr<cipher_context>{new openssl_context(**info, std::move(ctx))};
  }

 private:
  // Fetching explicitly, once, keeps provider lookups off the per-message
  // path (the legacy EVP_aes_128_ctr() style would fetch implicitly).
  void add(const char* name, const char* openssl_name, std::size_t key_size,
           std::size_t nonce_size) {
    cipher_info info{name, key_size, nonce_size, 0, false, true, ""};
    evp_cipher_ptr evp{EVP_CIPHER_fetch(nullptr, openssl_name, nullptr)};
    if (!evp) {
      info.available = false;
      info.unavailable_reason = std::string{"EVP_CIPHER_fetch(\""} + openssl_name
                                + "\") failed: " + take_openssl_errors();
    }
    ciphers_.push_back(std::move(info));
    evp_.push_back(std::move(evp));
  }

  std::vector<cipher_info> ciphers_;
  // Parallel to ciphers_; null where the fetch failed.
  std::vector<evp_cipher_ptr> evp_;
};

} // namespace

std::unique_ptr<backend> make_openssl_backend() {
  return std::make_unique<openssl_backend>();
}

} // namespace actorbench::crypto
