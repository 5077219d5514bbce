#pragma once

// Helpers for tests that check images drawn with gnuplot.

#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <stdlib.h>
#include <unistd.h>

namespace actorbench::test {

/// A fresh directory for the test's files, removed with its files.
struct temp_dir {
  std::string path;
  std::vector<std::string> files;
  temp_dir() {
    char name[] = "/tmp/actorbench-plot-test-XXXXXX";
    REQUIRE(mkdtemp(name) != nullptr);
    path = name;
  }
  ~temp_dir() {
    for (const auto& f : files)
      std::remove(f.c_str());
    ::rmdir(path.c_str());
  }
  std::string file(const std::string& name) {
    files.push_back(path + "/" + name);
    return files.back();
  }
};

inline std::string read_all(const std::string& path) {
  std::ifstream in{path, std::ios::binary};
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// The text of the <text> elements, markup removed and entities decoded,
/// one per line (gnuplot splits a text into <tspan>s only for enhanced text).
inline std::string svg_texts(const std::string& svg) {
  std::string out;
  std::size_t at = 0;
  while ((at = svg.find("<text", at)) != std::string::npos) {
    auto open_end = svg.find('>', at);
    auto close = svg.find("</text>", open_end);
    if (open_end == std::string::npos || close == std::string::npos)
      break;
    std::string inner = svg.substr(open_end + 1, close - open_end - 1);
    std::string text;
    bool in_tag = false;
    for (char c : inner) {
      if (c == '<')
        in_tag = true;
      else if (in_tag && c == '>')
        in_tag = false;
      else if (!in_tag)
        text += c;
    }
    for (auto [entity, ch] : std::vector<std::pair<std::string, std::string>>{
           {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}}) {
      for (std::size_t p = 0; (p = text.find(entity, p)) != std::string::npos; p += ch.size())
        text.replace(p, entity.size(), ch);
    }
    out += text + "\n";
    at = close + 7;
  }
  return out;
}

/// Checks that the SVG is a whole document whose texts include every one of `texts`.
inline void check_svg(const std::string& path, const std::vector<std::string>& texts) {
  auto svg = read_all(path);
  REQUIRE_FALSE(svg.empty());
  auto start = svg.find_first_not_of(" \t\r\n");
  REQUIRE(start != std::string::npos);
  CHECK((svg.compare(start, 5, "<?xml") == 0 || svg.compare(start, 4, "<svg") == 0));
  auto end = svg.find_last_not_of(" \t\r\n");
  CHECK(svg.compare(end - 5, 6, "</svg>") == 0);
  auto all = svg_texts(svg);
  for (const auto& t : texts) {
    INFO("looking for the text: ", t);
    CHECK(all.find(t) != std::string::npos);
  }
}

} // namespace actorbench::test
