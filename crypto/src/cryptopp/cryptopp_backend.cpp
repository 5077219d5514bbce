#include "cryptopp/cryptopp_backend.hpp"

#include <string>
#include <utility>
#include <vector>

#include <cryptopp/cryptlib.h>

#include "checks.hpp"
#include "cipher_table.hpp"
#include "cryptopp/cryptopp_cipher_ops.hpp"

namespace actorbench::crypto {

namespace {

cipher_info aead(const char* name, std::size_t key, std::size_t nonce) {
  return {name, key, nonce, detail::cryptopp_tag_size, true, true, ""};
}

cipher_info stream(const char* name, std::size_t key) {
  return {name, key, 16, 0, false, true, ""};
}

class cryptopp_backend final : public detail::once_by_direction_backend {
 public:
  cryptopp_backend() {
    table_.add(aead("aes-128-gcm", 16, 12), detail::cryptopp_aes_gcm());
    table_.add(aead("aes-256-gcm", 32, 12), detail::cryptopp_aes_gcm());
    table_.add(aead("chacha20-poly1305", 32, 12), detail::cryptopp_chacha20_poly1305());
    table_.add(aead("xchacha20-poly1305", 32, 24), detail::cryptopp_xchacha20_poly1305());
    table_.add(stream("aes-128-ctr", 16), detail::cryptopp_aes_ctr());
    table_.add(stream("aes-256-ctr", 32), detail::cryptopp_aes_ctr());
    table_.add(stream("chacha20", 32), detail::cryptopp_chacha20());
  }

  std::string_view name() const noexcept override { return "cryptopp"; }

  std::string version() const override {
    // LibraryVersion() is the shared library's own, e.g. 870 for 8.7.0.
    const int v = CryptoPP::LibraryVersion();
    return "Crypto++ " + std::to_string(v / 100) + "." + std::to_string(v / 10 % 10) + "."
           + std::to_string(v % 10);
  }

  bool is_available() const noexcept override { return true; }

  const std::vector<cipher_info>& ciphers() const noexcept override { return table_.infos(); }

  result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                       bytes_view key) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    const detail::cryptopp_cipher_ops& c = table_.entry(**info);
    try {
      return c.make(**info, key);
    } catch (const std::exception& e) {
      return detail::cryptopp_failure(**info, e);
    }
  }

 private:
  result<std::size_t> once(detail::direction way, std::string_view cipher, bytes_view key,
                           bytes_view nonce, bytes_view in, std::uint8_t* out) const override {
    auto info = detail::check_once_args(*this, way, cipher, key, nonce, in);
    if (!info)
      return info.err();
    const cipher_info& ci = **info;
    try {
      return table_.entry(ci).once(way, ci, key, nonce, in, out);
    } catch (const std::exception& e) {
      return detail::cryptopp_failure(ci, e);
    }
  }

  detail::cipher_table<detail::cryptopp_cipher_ops> table_;
};

} // namespace

std::unique_ptr<backend> make_cryptopp_backend() {
  return std::make_unique<cryptopp_backend>();
}

} // namespace actorbench::crypto
