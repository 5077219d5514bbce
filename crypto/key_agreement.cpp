#include "crypto/key_agreement.hpp"

#include <string>

#include <openssl/crypto.h>

namespace actorbench::crypto {

std::pair<digest, digest> key_agreement::hkdf2(const digest& chaining_key, bytes_view ikm) const {
  // RFC 5869 with an empty info: extract, then two expand blocks.
  const digest prk = hmac({chaining_key.data(), chaining_key.size()}, ikm);
  const std::uint8_t one = 1;
  const digest first = hmac({prk.data(), prk.size()}, {&one, 1});
  std::array<std::uint8_t, 33> block{};
  std::copy(first.begin(), first.end(), block.begin());
  block[32] = 2;
  const digest second = hmac({prk.data(), prk.size()}, {block.data(), block.size()});
  return {first, second};
}

void wipe(bytes& secret) noexcept {
  if (!secret.empty())
    OPENSSL_cleanse(secret.data(), secret.size());
  secret.clear();
}

result<const key_agreement*> find_key_agreement(std::string_view name) {
  const key_agreement* found = nullptr;
  if (name == "sodium")
    found = &sodium_key_agreement();
  else if (name == "openssl")
    found = &openssl_key_agreement();
  else
    return make_error(errc::unknown_backend,
                      "no key agreement '" + std::string(name) + "' (valid: openssl, sodium)");
  if (!found->is_available())
    return make_error(errc::cipher_unavailable,
                      "key agreement '" + std::string(name) + "' did not initialise");
  return found;
}

} // namespace actorbench::crypto
