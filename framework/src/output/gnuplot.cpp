#include "bench/output/gnuplot.hpp"

#include <cmath>
#include <locale>
#include <sstream>

#include "output/utf8_text.hpp"

namespace actorbench::bench {

namespace {

std::string terminal(image_format format, int width, int height) {
  auto size = "size " + std::to_string(width) + "," + std::to_string(height);
  if (format == image_format::svg)
    return "set terminal svg " + size + " dynamic noenhanced font 'sans,12' background '#ffffff'\n";
  return "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
         "  set terminal pngcairo " + size + " noenhanced font 'sans,10' background '#ffffff'\n"
         "} else {\n"
         "  set terminal png " + size + " noenhanced background '#ffffff'\n"
         "}\n";
}

} // namespace

std::string gnuplot_quote(const std::string& text) {
  // gnuplot 5.4 reads '' as a quote only between two other characters
  // ('''a' is the empty string, then 'a'), so each quote is a string of its
  // own, "'", joined on with gnuplot's `.`. Nothing else is special inside
  // '...' (no escapes, no backtick substitution, no @macros), and
  // one_line_text leaves no NUL or line break to end the line early.
  std::string out;
  auto join = [&](const std::string& literal) { out += (out.empty() ? "" : ".") + literal; };
  std::string part;
  for (char c : one_line_text(text)) {
    if (c != '\'') {
      part += c;
      continue;
    }
    if (!part.empty())
      join("'" + part + "'");
    part.clear();
    join("\"'\"");
  }
  if (!part.empty() || out.empty())
    join("'" + part + "'");
  return out;
}

std::string gnuplot_number(double v) {
  // inf and nan would read as names of (undefined) variables; NaN is
  // gnuplot's own, and in a data block a point left out.
  if (!std::isfinite(v))
    return "NaN";
  std::ostringstream out;
  out.imbue(std::locale::classic());
  out.precision(9);
  out << v;
  return out.str();
}

std::string gnuplot_preamble(image_format format, int width, int height) {
  return "set encoding utf8\n" + terminal(format, width, height)
         + "set grid lc rgb '#d0d0d0'\n"
           "set border lc rgb '#404040'\n"
           "set key box opaque Left reverse samplen 3 spacing 1.2\n";
}

const char* gnuplot_colour(std::size_t i) {
  static const char* const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                        "#9467bd", "#8c564b", "#e377c2", "#17becf"};
  return palette[i % (sizeof(palette) / sizeof(palette[0]))];
}

std::string gnuplot_line_style(std::size_t i) {
  return " lw 2 pt " + std::to_string(7 + (i % 4) * 2) + " ps 0.9 lc rgb '" + gnuplot_colour(i)
         + "'";
}

} // namespace actorbench::bench
