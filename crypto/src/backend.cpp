#include "crypto/backend.hpp"

#include "once_by_direction_backend.hpp"

namespace actorbench::crypto {

namespace {

// The default naive path: the context is freed on return, one context per
// message, by design.
result<std::size_t> once_through_context(const backend& b, detail::direction way,
                                         std::string_view cipher, bytes_view key, bytes_view nonce,
                                         bytes_view in, std::uint8_t* out) {
  auto ctx = b.make_context(cipher, key);
  if (!ctx)
    return ctx.err();
  if (way == detail::direction::encrypt)
    return (*ctx)->encrypt(nonce, in, out);
  return (*ctx)->decrypt(nonce, in, out);
}

} // namespace

const cipher_info* backend::find_cipher(std::string_view cipher) const noexcept {
  for (const auto& info : ciphers())
    if (info.name == cipher)
      return &info;
  for (const auto& alias : cipher_aliases())
    if (alias.old_name == cipher)
      return find_cipher(alias.name);
  return nullptr;
}

const std::vector<cipher_alias>& backend::cipher_aliases() const noexcept {
  static const std::vector<cipher_alias> none;
  return none;
}

result<std::size_t> backend::decrypt_once(std::string_view cipher, bytes_view key, bytes_view nonce,
                                          bytes_view in, std::uint8_t* out) const {
  return once_through_context(*this, detail::direction::decrypt, cipher, key, nonce, in, out);
}

result<std::size_t> backend::encrypt_once(std::string_view cipher, bytes_view key, bytes_view nonce,
                                          bytes_view in, std::uint8_t* out) const {
  return once_through_context(*this, detail::direction::encrypt, cipher, key, nonce, in, out);
}

} // namespace actorbench::crypto
