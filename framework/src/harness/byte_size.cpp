#include "bench/harness/byte_size.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>

namespace actorbench::bench {

std::optional<std::uint64_t> parse_size_value(const std::string& text) {
  // strtod alone would take "inf", "nan", hex and leading spaces.
  if (text.empty() || text.find_first_not_of("0123456789.KMGTPkmgtp") != std::string::npos
      || !std::isdigit(static_cast<unsigned char>(text.front())))
    return std::nullopt;
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  std::string suffix{end};
  static const std::string suffixes = "KMGTP";
  double scale = 1;
  if (suffix.size() > 1)
    return std::nullopt;
  if (suffix.size() == 1) {
    auto pos =
      suffixes.find(static_cast<char>(std::toupper(static_cast<unsigned char>(suffix[0]))));
    if (pos == std::string::npos)
      return std::nullopt;
    scale = std::pow(1024.0, static_cast<double>(pos + 1));
  }
  double bytes = value * scale;
  if (!std::isfinite(bytes) || bytes >= 1.8e19)
    return std::nullopt;
  return static_cast<std::uint64_t>(bytes);
}

std::string size_text(std::uint64_t bytes) {
  static const char suffixes[] = "KMGTP";
  std::string suffix;
  for (std::size_t i = 0; i < 5 && bytes != 0 && bytes % 1024 == 0; ++i) {
    bytes /= 1024;
    suffix = std::string{suffixes[i]};
  }
  return std::to_string(bytes) + suffix;
}

result<std::uint64_t> parse_byte_size(const std::string& option, const std::string& text,
                                      std::uint64_t min, std::uint64_t max,
                                      const std::string& min_text, const std::string& max_text) {
  auto bytes = parse_size_value(text);
  if (!bytes || *bytes < min || *bytes > max)
    return bad_input("invalid " + option + " '" + text + "': expected a size from " + min_text
                     + " to " + max_text
                     + " such as 512M or 1.5G (K, M, G, T, P are powers of 1024; no suffix "
                       "means bytes)");
  return *bytes;
}

} // namespace actorbench::bench
