#include "crypto/bytes.hpp"

#include <openssl/crypto.h>

#include "crypto/secret.hpp"

namespace actorbench::crypto {

namespace {

constexpr char hex_digits[] = "0123456789abcdef";

int digit_value(char c) noexcept {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

} // namespace

std::string to_hex(bytes_view data) {
  std::string out;
  out.reserve(data.size * 2);
  for (std::size_t i = 0; i < data.size; ++i) {
    out.push_back(hex_digits[data.data[i] >> 4]);
    out.push_back(hex_digits[data.data[i] & 0x0f]);
  }
  return out;
}

std::optional<bytes> from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0)
    return std::nullopt;
  bytes out;
  out.reserve(hex.size() / 2);
  for (std::size_t i = 0; i < hex.size(); i += 2) {
    int hi = digit_value(hex[i]);
    int lo = digit_value(hex[i + 1]);
    if (hi < 0 || lo < 0)
      return std::nullopt;
    out.push_back(static_cast<std::uint8_t>(hi << 4 | lo));
  }
  return out;
}

void cleanse(void* p, std::size_t size) noexcept {
  if (size != 0)
    OPENSSL_cleanse(p, size);
}

} // namespace actorbench::crypto
