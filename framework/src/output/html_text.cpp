#include "output/html_text.hpp"

#include <cstdint>

#include "output/utf8_text.hpp"

namespace actorbench::bench {

namespace {

/// What the HTML standard calls a parse error in the input stream.
bool refused(std::uint32_t cp) {
  return (control_character(cp) && cp != '\t' && cp != '\n') || noncharacter(cp);
}

} // namespace

std::string html_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    std::uint32_t cp = 0;
    auto n = utf8_sequence(text, at, cp);
    if (n == 0 || refused(cp)) {
      out += replacement_character;
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
