#include "none/none_backend.hpp"

#include <cstring>

#include "checks.hpp"

namespace actorbench::crypto {

namespace {

class none_context final : public cipher_context {
 public:
  explicit none_context(const cipher_info& info) : info_(info) {}

  const cipher_info& info() const noexcept override { return info_; }

  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<none_context>(info_);
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    return copy(nonce, in, out);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    return copy(nonce, in, out);
  }

 private:
  // Checks the nonce like a real cipher would, so callers cannot come to
  // depend on the no-op back-end being more lenient than the others.
  result<std::size_t> copy(bytes_view nonce, bytes_view in, std::uint8_t* out) {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (in.size > 0)
      std::memcpy(out, in.data, in.size);
    return in.size;
  }

  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
};

class none_backend final : public backend {
 public:
  // Key and nonce sizes match AES-128-CTR so the same key material works
  // when switching a run between "none" and a real cipher.
  none_backend() : ciphers_{{"none", 16, 16, 0, false, true, ""}} {}

  std::string_view name() const noexcept override { return "none"; }

  std::string version() const override { return "none (copy only)"; }

  bool is_available() const noexcept override { return true; }

  const std::vector<cipher_info>& ciphers() const noexcept override { return ciphers_; }

  result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                       bytes_view key) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    return std::unique_ptr<cipher_context>{new none_context(**info)};
  }

 private:
  std::vector<cipher_info> ciphers_;
};

} // namespace

std::unique_ptr<backend> make_none_backend() {
  return std::make_unique<none_backend>();
}

} // namespace actorbench::crypto
