#include "output/search_svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "output/html_text.hpp"

namespace actorbench::bench {

namespace {

constexpr double width = 640, height = 280, left = 56, right = 16, top = 16, bottom = 40;

std::string num(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

std::string label(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.0f", v);
  return text;
}

/// Values (log scale) and shares of keeping up to the drawing's coordinates.
struct axes {
  double from = 1, to = 2;

  double x(double value) const {
    return left + (width - left - right) * (std::log(value) - std::log(from))
                    / (std::log(to) - std::log(from));
  }
  static double y(double share) { return top + (height - top - bottom) * (1 - share); }
};

axes axes_of(const search_result& s) {
  axes a{1e300, 0};
  for (const auto& p : s.probes) {
    a.from = std::min(a.from, static_cast<double>(p.value));
    a.to = std::max(a.to, static_cast<double>(p.value));
  }
  if (s.capacity > 0) {
    a.from = std::min(a.from, s.low > 0 ? s.low : s.capacity);
    a.to = std::max(a.to, std::isfinite(s.high) ? s.high : s.capacity);
  }
  a.from = std::max(a.from / 1.1, 1e-9);
  a.to = std::max(a.to * 1.1, a.from * 1.5);
  return a;
}

std::string fitted_curve(const search_result& s, const axes& a) {
  if (s.capacity <= 0)
    return {};
  std::string out;
  // The interval, then the curve over it.
  auto low = std::max(s.low, a.from), high = std::isfinite(s.high) ? std::min(s.high, a.to) : a.to;
  out += "<rect x=\"" + num(a.x(low)) + "\" y=\"" + num(top) + "\" width=\""
         + num(a.x(high) - a.x(low)) + "\" height=\"" + num(height - top - bottom)
         + "\" fill=\"#dde8f6\"/>\n";
  const double target = std::log(s.keep_up / (1 - s.keep_up));
  std::string points;
  for (int i = 0; i <= 120; ++i) {
    auto v = std::exp(std::log(a.from) + (std::log(a.to) - std::log(a.from)) * i / 120.0);
    auto share = 1 / (1 + std::exp(-(target + s.slope * std::log(s.capacity / v))));
    points += num(a.x(v)) + "," + num(axes::y(share)) + " ";
  }
  out += "<polyline points=\"" + points + "\" fill=\"none\" stroke=\"#1f4e8c\" stroke-width=\"2\"/>\n";
  out += "<line x1=\"" + num(a.x(s.capacity)) + "\" x2=\"" + num(a.x(s.capacity)) + "\" y1=\""
         + num(top) + "\" y2=\"" + num(height - bottom)
         + "\" stroke=\"#1f4e8c\" stroke-dasharray=\"2,3\"/>\n";
  return out;
}

std::string probes(const search_result& s, const axes& a) {
  std::string out;
  for (std::size_t i = 0; i < s.probes.size(); ++i) {
    const auto& p = s.probes[i];
    // Repeats at one value spread a little up or down, so each shows.
    auto spread = 0.02 * static_cast<double>(i % 5);
    auto y = axes::y(p.keeps_up ? 1 - spread : spread);
    out += "<circle cx=\"" + num(a.x(static_cast<double>(p.value))) + "\" cy=\"" + num(y)
           + "\" r=\"4\" " + (p.disturbed ? "fill=\"none\" stroke=\"#888\"" : p.keeps_up ? "fill=\"#2a8a3a\"" : "fill=\"#b3261e\"")
           + "><title>" + html_text(std::to_string(p.value) + (p.keeps_up ? " kept up" : " failed")
                                    + (p.disturbed ? ", disturbed" : ""))
           + "</title></circle>\n";
  }
  return out;
}

std::string frame(const search_result& s, const axes& a) {
  std::string out = "<rect x=\"" + num(left) + "\" y=\"" + num(top) + "\" width=\""
                    + num(width - left - right) + "\" height=\"" + num(height - top - bottom)
                    + "\" fill=\"none\" stroke=\"#444\"/>\n";
  for (double share : {0.0, s.keep_up, 1.0})
    out += "<text x=\"" + num(left - 6) + "\" y=\"" + num(axes::y(share) + 4)
           + "\" text-anchor=\"end\" font-size=\"11\">" + num(share * 100) + "%</text>\n";
  if (s.keep_up > 0)
    out += "<line x1=\"" + num(left) + "\" x2=\"" + num(width - right) + "\" y1=\""
           + num(axes::y(s.keep_up)) + "\" y2=\"" + num(axes::y(s.keep_up))
           + "\" stroke=\"#888\" stroke-dasharray=\"4,3\"/>\n";
  for (double v : {a.from * 1.1, s.capacity > 0 ? s.capacity : std::sqrt(a.from * a.to), a.to / 1.1})
    out += "<text x=\"" + num(a.x(v)) + "\" y=\"" + num(height - bottom + 16)
           + "\" text-anchor=\"middle\" font-size=\"11\">" + html_text(label(v)) + "</text>\n";
  out += "<text x=\"" + num((width + left) / 2) + "\" y=\"" + num(height - 6)
         + "\" text-anchor=\"middle\" font-size=\"12\">"
         + html_text(s.param + (s.unit.empty() ? "" : " (" + s.unit + ")") + ", log scale")
         + "</text>\n";
  return out;
}

} // namespace

std::string search_svg(const search_result& s) {
  if (s.probes.empty())
    return {};
  auto a = axes_of(s);
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + num(width) + " "
         + num(height) + "\" width=\"" + num(width) + "\" height=\"" + num(height)
         + "\" role=\"img\">\n<title>" + html_text("probes and the fitted share that keeps up")
         + "</title>\n" + fitted_curve(s, a) + frame(s, a) + probes(s, a) + "</svg>";
}

} // namespace actorbench::bench
