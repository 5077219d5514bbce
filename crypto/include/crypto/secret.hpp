#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace actorbench::crypto {

/// Overwrites `size` bytes at `p` with zeros in a way the compiler keeps.
void cleanse(void* p, std::size_t size) noexcept;

/// Fixed-size secret bytes (a key, a chaining key, a decrypted token) that
/// overwrite themselves with zeros when they go: every copy, on every path
/// out of a function, early returns included, is wiped without a call at
/// each exit.
template <std::size_t N>
struct secret_array : std::array<std::uint8_t, N> {
  secret_array() noexcept : std::array<std::uint8_t, N>{} {}
  secret_array(const secret_array&) = default;
  secret_array& operator=(const secret_array&) = default;
  ~secret_array() { cleanse(this->data(), N); }
};

} // namespace actorbench::crypto
