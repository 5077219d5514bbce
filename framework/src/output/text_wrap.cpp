#include "bench/output/text_wrap.hpp"

#include <algorithm>

namespace actorbench::bench {

std::string joined(const std::vector<std::string>& words, const std::string& sep) {
  std::string out;
  for (const auto& w : words)
    out += (&w == &words.front() ? "" : sep) + w;
  return out;
}

std::size_t code_points(std::string_view text) {
  std::size_t n = 0;
  for (unsigned char c : text)
    if ((c & 0xC0) != 0x80)
      ++n;
  return n;
}

std::vector<std::string> wrap_text(const std::string& text, std::size_t width,
                                   const std::string& indent) {
  // Leading spaces are kept: they indent the first line.
  auto at = std::min(text.find_first_not_of(' '), text.size());
  std::vector<std::string> lines;
  std::string line = text.substr(0, at);
  bool empty = true;
  while (at < text.size()) {
    auto end = std::min(text.find(' ', at), text.size());
    auto word = text.substr(at, end - at);
    at = end + 1;
    if (word.empty())
      continue;
    if (!empty && code_points(line) + 1 + code_points(word) > width) {
      lines.push_back(line);
      line = indent + word;
    } else {
      line += (empty ? "" : " ") + word;
    }
    empty = false;
  }
  if (!empty)
    lines.push_back(line);
  return lines;
}

} // namespace actorbench::bench
