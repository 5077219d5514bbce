#include "output/html_text.hpp"

#include <cstdint>

namespace actorbench::bench {

namespace {

constexpr const char* replacement = "\xEF\xBF\xBD";

/// The length of the UTF-8 sequence at `at` and its code point, or 0 when
/// it is not a valid, shortest encoding of a scalar value.
std::size_t decode(std::string_view s, std::size_t at, std::uint32_t& cp) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[at + i]); };
  unsigned char lead = byte(0);
  std::size_t n = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3
                : (lead >> 3) == 0x1E ? 4 : 0;
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

/// What the HTML standard calls a parse error in the input stream.
bool refused(std::uint32_t cp) {
  bool control = (cp < 0x20 && cp != '\t' && cp != '\n') || (cp >= 0x7F && cp <= 0x9F);
  bool noncharacter = (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
  return control || noncharacter;
}

} // namespace

std::string html_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    std::uint32_t cp = 0;
    auto n = decode(text, at, cp);
    if (n == 0 || refused(cp)) {
      out += replacement;
      at += n == 0 ? 1 : n;
      continue;
    }
    switch (text[at]) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out.append(text, at, n);
    }
    at += n;
  }
  return out;
}

} // namespace actorbench::bench
