#include "checks.hpp"

namespace actorbench::crypto::detail {

std::string cipher_names(const backend& b) {
  std::string out;
  for (const auto& info : b.ciphers()) {
    if (!out.empty())
      out += ", ";
    out += info.name;
  }
  return out;
}

error unknown_cipher(const backend& b, std::string_view cipher) {
  return make_error(errc::unknown_cipher, "unknown cipher '" + std::string{cipher}
                                            + "' for back-end '" + std::string{b.name()}
                                            + "'; valid: " + cipher_names(b));
}

error cipher_unavailable(const backend& b, const cipher_info& info) {
  return make_error(errc::cipher_unavailable, "cipher '" + info.name + "' of back-end '"
                                                + std::string{b.name()}
                                                + "' is unavailable: " + info.unavailable_reason);
}

result<const cipher_info*> check_context_args(const backend& b, std::string_view cipher,
                                              bytes_view key) {
  const cipher_info* info = b.find_cipher(cipher);
  if (info == nullptr)
    return unknown_cipher(b, cipher);
  if (!info->available)
    return cipher_unavailable(b, *info);
  if (key.size != info->key_size)
    return make_error(errc::bad_key_length, "cipher '" + info->name + "' needs a "
                                              + std::to_string(info->key_size) + "-byte key, got "
                                              + std::to_string(key.size) + " bytes");
  return info;
}

std::optional<error> check_nonce(const cipher_info& info, bytes_view nonce) {
  if (nonce.size == info.nonce_size)
    return std::nullopt;
  return make_error(errc::bad_nonce_length,
                    "cipher '" + info.name + "' needs a " + std::to_string(info.nonce_size)
                      + "-byte nonce, got " + std::to_string(nonce.size) + " bytes");
}

error tag_mismatch(const cipher_info& info) {
  return make_error(errc::authentication_failed,
                    info.name + ": tag did not verify (message altered or wrong key)");
}

std::optional<error> check_sealed_input(const cipher_info& info, bytes_view in) {
  if (!info.aead || in.size >= info.overhead)
    return std::nullopt;
  return make_error(errc::bad_input, info.name + ": input of " + std::to_string(in.size)
                                       + " bytes is shorter than the "
                                       + std::to_string(info.overhead) + "-byte tag");
}

result<const cipher_info*> check_once_args(const backend& b, direction way, std::string_view cipher,
                                           bytes_view key, bytes_view nonce, bytes_view in) {
  auto info = check_context_args(b, cipher, key);
  if (!info)
    return info;
  if (auto err = check_nonce(**info, nonce))
    return *err;
  if (way == direction::decrypt)
    if (auto err = check_sealed_input(**info, in))
      return *err;
  return info;
}

} // namespace actorbench::crypto::detail
