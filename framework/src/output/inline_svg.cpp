#include "output/inline_svg.hpp"

#include <algorithm>
#include <cctype>

namespace actorbench::bench {

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

/// The start tag `tag` without its xmlns and xmlns:NAME attributes.
std::string without_namespaces(const std::string& tag) {
  std::string out;
  for (std::size_t i = 0; i < tag.size();) {
    bool attribute_start = i > 0 && std::isspace(static_cast<unsigned char>(tag[i - 1]));
    auto quote = tag.find_first_of("\"'", i);
    if (attribute_start && tag.compare(i, 5, "xmlns") == 0 && quote != std::string::npos) {
      auto end = tag.find(tag[quote], quote + 1);
      if (end == std::string::npos)
        break;
      while (!out.empty() && std::isspace(static_cast<unsigned char>(out.back())))
        out.pop_back();
      i = end + 1;
      continue;
    }
    out += tag[i++];
  }
  return out;
}

/// Whether every `attribute` value in `svg` (lower case) points into the
/// image itself: "#id", or url(#id) for `url(`.
bool refers_inside(const std::string& svg, const std::string& attribute) {
  for (auto at = svg.find(attribute); at != std::string::npos;
       at = svg.find(attribute, at + 1)) {
    auto value = at + attribute.size();
    while (value < svg.size() && (svg[value] == '"' || svg[value] == '\'' || svg[value] == ' '))
      ++value;
    if (value >= svg.size() || svg[value] != '#')
      return false;
  }
  return true;
}

/// Whether `svg` (lower case) has an attribute such as onclick=, which
/// would run script.
bool has_event_handler(const std::string& svg) {
  for (auto at = svg.find("on"); at != std::string::npos; at = svg.find("on", at + 1)) {
    if (at == 0 || !std::isspace(static_cast<unsigned char>(svg[at - 1])))
      continue;
    auto i = at + 2;
    while (i < svg.size() && std::isalpha(static_cast<unsigned char>(svg[i])))
      ++i;
    while (i < svg.size() && std::isspace(static_cast<unsigned char>(svg[i])))
      ++i;
    if (i > at + 2 && i < svg.size() && svg[i] == '=')
      return true;
  }
  return false;
}

} // namespace

result<std::string> inline_svg(const std::string& image) {
  auto folded = lower(image);
  auto start = folded.find("<svg");
  auto end = folded.rfind("</svg>");
  auto tag_end = folded.find('>', start);
  if (start == std::string::npos || end == std::string::npos || tag_end > end)
    return runtime_failure("the plot is not an SVG image");
  folded = folded.substr(start, end - start);
  for (const char* banned : {"<script", "<foreignobject", "<iframe", "<image"})
    if (folded.find(banned) != std::string::npos)
      return runtime_failure(std::string{"the plot's SVG holds "} + (banned + 1));
  if (has_event_handler(folded))
    return runtime_failure("the plot's SVG holds an event handler (on...=)");
  for (const char* attribute : {"href=", "src=", "url("})
    if (!refers_inside(folded, attribute))
      return runtime_failure(std::string{"the plot's SVG refers outside itself ("} + attribute
                             + ")");
  return without_namespaces(image.substr(start, tag_end - start)) +
         image.substr(tag_end, end + 6 - tag_end);
}

} // namespace actorbench::bench
