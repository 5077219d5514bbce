#include "bench/output/text_table.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "bench/output/text_wrap.hpp"

namespace actorbench::bench {

namespace {

std::string markdown_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '*' || c == '|')
      out += '\\';
    out += c;
  }
  return out;
}

} // namespace

void write_aligned(const text_table& rows, std::ostream& out) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows)
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (widths.size() <= i)
        widths.push_back(0);
      widths[i] = std::max(widths[i], code_points(row[i]));
    }
  for (const auto& row : rows) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      auto pad = std::string(widths[i] - code_points(row[i]), ' ');
      out << (i == 0 ? row[i] + pad : "  " + pad + row[i]);
    }
    out << '\n';
  }
}

void write_markdown_table(const text_table& rows, std::ostream& out) {
  for (std::size_t r = 0; r < rows.size(); ++r) {
    out << '|';
    for (const auto& cell : rows[r])
      out << ' ' << markdown_escape(cell) << " |";
    out << '\n';
    if (r == 0) {
      out << "|---|";
      for (std::size_t i = 1; i < rows[r].size(); ++i)
        out << "---:|";
      out << '\n';
    }
  }
}

std::string fixed(double v, int decimals) {
  if (!std::isfinite(v))
    return "";
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

} // namespace actorbench::bench
