#include "actors/remote/peer_text.hpp"

namespace actorbench::actors {

std::string peer_text(std::string_view text, std::size_t limit) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  auto kept = text.substr(0, limit);
  out.reserve(kept.size());
  for (unsigned char c : kept) {
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += static_cast<char>(c);
      continue;
    }
    out += "\\x";
    out += hex[c >> 4];
    out += hex[c & 0xf];
  }
  if (kept.size() < text.size())
    out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

} // namespace actorbench::actors
