#include <cctype>
#include <limits>

#include "bench/harness/value_list.hpp"

namespace actorbench::bench {

const char* const count_suffix_help = "k, M, G for thousand, million, billion: 10k, 1.5M";

std::optional<std::size_t> parse_count_value(const std::string& text) {
  static const std::string suffixes = "kmg";
  auto suffix = text.empty() ? std::string::npos
                             : suffixes.find(static_cast<char>(
                               std::tolower(static_cast<unsigned char>(text.back()))));
  if (suffix == std::string::npos)
    return parse_whole_number(text);
  auto number = text.substr(0, text.size() - 1);
  auto dot = number.find('.');
  auto whole = parse_whole_number(number.substr(0, dot));
  auto fraction = dot == std::string::npos ? std::string{} : number.substr(dot + 1);
  if (!whole || (dot != std::string::npos && !parse_whole_number(fraction)))
    return std::nullopt;
  // 1.5k: the fraction's digits, padded to the suffix's zeros, are the low part.
  std::size_t zeros = 3 * (suffix + 1);
  fraction.erase(fraction.find_last_not_of('0') + 1);
  if (fraction.size() > zeros)
    return std::nullopt;
  fraction.append(zeros - fraction.size(), '0');
  std::size_t scale = 1;
  for (std::size_t i = 0; i < zeros; ++i)
    scale *= 10;
  std::size_t low = *parse_whole_number(fraction);
  if (*whole > (std::numeric_limits<std::size_t>::max() - low) / scale)
    return std::nullopt;
  return *whole * scale + low;
}

} // namespace actorbench::bench
