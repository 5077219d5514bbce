#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace actorbench::crypto {

/// Owned bytes.
using bytes = std::vector<std::uint8_t>;

/// A non-owning view of bytes (C++17 has no std::span).
struct bytes_view {
  const std::uint8_t* data = nullptr;
  std::size_t size = 0;

  bytes_view() = default;
  bytes_view(const std::uint8_t* d, std::size_t n) : data(d), size(n) {}
  bytes_view(const bytes& b) : data(b.data()), size(b.size()) {}
  bytes_view(std::string_view s)
    : data(reinterpret_cast<const std::uint8_t*>(s.data())), size(s.size()) {}
};

/// Lower-case hex encoding, two digits per byte.
std::string to_hex(bytes_view data);

/// Decodes hex (either case, no separators); nothing on odd length or bad digit.
std::optional<bytes> from_hex(std::string_view hex);

} // namespace actorbench::crypto
