#include "output/utf8_text.hpp"

namespace actorbench::bench {

std::size_t utf8_sequence(std::string_view s, std::size_t at, std::uint32_t& cp) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[at + i]); };
  unsigned char lead = byte(0);
  std::size_t n = lead < 0x80           ? 1
                  : (lead >> 5) == 0x6  ? 2
                  : (lead >> 4) == 0xE  ? 3
                  : (lead >> 3) == 0x1E ? 4
                                        : 0;
  if (n == 0 || at + n > s.size())
    return 0;
  cp = n == 1 ? lead : lead & (0x7F >> n);
  for (std::size_t i = 1; i < n; ++i) {
    if ((byte(i) & 0xC0) != 0x80)
      return 0;
    cp = (cp << 6) | (byte(i) & 0x3F);
  }
  static const std::uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < least[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

bool control_character(std::uint32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F);
}

bool noncharacter(std::uint32_t cp) {
  return (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
}

std::string one_line_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    std::uint32_t cp = 0;
    auto n = utf8_sequence(text, at, cp);
    if (n != 0 && (cp == '\t' || cp == '\n' || cp == '\r'))
      out += ' ';
    else if (n == 0 || noncharacter(cp) || control_character(cp))
      out += replacement_character;
    else
      out.append(text, at, n);
    at += n == 0 ? 1 : n;
  }
  return out;
}

} // namespace actorbench::bench
