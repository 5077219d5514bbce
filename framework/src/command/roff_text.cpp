#include "command/roff_text.hpp"

#include <cstdio>

namespace actorbench::bench {

namespace {

// The code point of the UTF-8 sequence at text[i], advancing i past it;
// U+FFFD for a malformed one.
unsigned long next_code_point(const std::string& text, std::size_t& i) {
  auto byte = [&text](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char lead = byte(i++);
  std::size_t extra = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
  if (extra == 0)
    return 0xFFFD;
  unsigned long cp = lead & (0x3F >> extra);
  for (; extra > 0; --extra, ++i) {
    if (i >= text.size() || (byte(i) & 0xC0) != 0x80)
      return 0xFFFD;
    cp = (cp << 6) | (byte(i) & 0x3F);
  }
  return cp;
}

std::string unicode_escape(unsigned long cp) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "\\[u%04lX]", cp);
  return buffer;
}

} // namespace

std::string roff_escape(const std::string& text) {
  std::string out;
  std::size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    bool line_start = out.empty();
    if (static_cast<unsigned char>(c) >= 0x80) {
      out += unicode_escape(next_code_point(text, i));
      continue;
    }
    ++i;
    if (line_start && (c == '.' || c == '\''))
      out += "\\&";
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c == '\n' || c == '\r' ? ' ' : c;
  }
  return out;
}

std::string roff_bold(const std::string& text) {
  return "\\fB" + roff_escape(text) + "\\fR";
}

std::string roff_italic(const std::string& text) {
  return "\\fI" + roff_escape(text) + "\\fR";
}

} // namespace actorbench::bench
