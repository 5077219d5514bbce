#pragma once

// Splits one fuzz input into the values a target needs, in the spirit of
// LLVM's FuzzedDataProvider (which only clang ships; the replay build uses g++).

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace actorbench::fuzz {

class fuzz_input {
 public:
  fuzz_input(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

  /// The next byte, or 0 once the input is used up.
  std::uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }

  /// The next `n` bytes, fewer if the input ends first.
  std::vector<std::uint8_t> bytes(std::size_t n) {
    n = std::min(n, size_ - pos_);
    std::vector<std::uint8_t> out(data_ + pos_, data_ + pos_ + n);
    pos_ += n;
    return out;
  }

  /// Everything not taken yet.
  std::vector<std::uint8_t> rest() { return bytes(size_ - pos_); }

 private:
  const std::uint8_t* data_;
  std::size_t size_;
  std::size_t pos_ = 0;
};

/// Splits text at `separator` (an empty input gives no parts).
inline std::vector<std::string> split(const std::uint8_t* data, std::size_t size, char separator) {
  std::vector<std::string> parts;
  std::string text(reinterpret_cast<const char*>(data), size);
  std::size_t start = 0;
  while (start < text.size()) {
    auto end = text.find(separator, start);
    if (end == std::string::npos)
      end = text.size();
    parts.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return parts;
}

} // namespace actorbench::fuzz
