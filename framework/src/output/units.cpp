#include "bench/output/units.hpp"

#include <cmath>
#include <cstdio>
#include <limits>

namespace actorbench::bench {

namespace {

/// A base unit's display units, largest first.
std::vector<display_unit> family(const std::string& base) {
  if (base == "s")
    return {{"s", 1}, {"ms", 1e-3}, {"µs", 1e-6}, {"ns", 1e-9}};
  if (base == "bytes")
    return {{"GiB", 1024.0 * 1024 * 1024}, {"MiB", 1024.0 * 1024}, {"KiB", 1024}, {"bytes", 1}};
  if (base == "1/s" || base == "B/s" || base == "ops/s") {
    auto per = base == "1/s" ? std::string{"/s"} : base;
    return {{"G" + per, 1e9}, {"M" + per, 1e6}, {"k" + per, 1e3}, {per, 1}};
  }
  return {};
}

} // namespace

display_unit choose_unit(const std::vector<double>& values, const std::string& base_unit,
                         const std::string& forced) {
  auto units = family(base_unit);
  if (units.empty())
    return {base_unit, 1};
  if (!forced.empty() && base_unit == "s") {
    auto name = forced == "us" ? std::string{"µs"} : forced;
    for (const auto& u : units)
      if (name == u.name)
        return u;
  }
  auto smallest = std::numeric_limits<double>::infinity();
  for (auto v : values)
    if (std::isfinite(v) && v != 0)
      smallest = std::min(smallest, std::fabs(v));
  if (!std::isfinite(smallest))
    return {base_unit == "bytes" ? "bytes" : units.front().name,
            base_unit == "bytes" ? 1 : units.front().scale};
  for (const auto& u : units)
    if (smallest / u.scale >= 1)
      return {u.name, u.scale};
  return {units.back().name, units.back().scale};
}

std::string format_in(double value, const display_unit& unit) {
  if (std::isnan(value))
    return "n/a";
  auto v = value / unit.scale;
  auto magnitude = std::fabs(v);
  int decimals = magnitude >= 100 || magnitude == 0 ? 0
                 : magnitude >= 10                  ? 1
                 : magnitude >= 1                   ? 2
                                                    : 3;
  if ((unit.name.empty() || unit.name == "bytes") && v == std::floor(v))
    decimals = 0; // a count, or whole bytes
  else if (magnitude > 0 && magnitude < 0.001)
    decimals = 3 + static_cast<int>(std::ceil(-std::log10(magnitude * 1000)));
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", decimals, v);
  return text;
}

std::string format_value(double value, const std::string& base_unit) {
  auto unit = choose_unit({value}, base_unit);
  auto text = format_in(value, unit);
  if (text == "n/a" || unit.name.empty())
    return text;
  return text + " " + unit.name;
}

std::string counted(std::size_t n, const std::string& word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

} // namespace actorbench::bench
