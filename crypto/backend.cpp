#include "crypto/backend.hpp"

namespace actorbench::crypto {

const cipher_info* backend::find_cipher(std::string_view cipher) const noexcept {
  for (const auto& info : ciphers())
    if (info.name == cipher)
      return &info;
  return nullptr;
}

} // namespace actorbench::crypto
