#include "harness/duration_value.hpp"

#include <cmath>
#include <cstdlib>
#include <utility>

namespace actorbench::bench {

namespace {

// Longest suffix first, so "ms" is not read as "m" + "s".
constexpr std::pair<const char*, double> units[] = {
  {"min", 60e9}, {"ns", 1}, {"us", 1e3}, {"µs", 1e3}, {"ms", 1e6}, {"s", 1e9}, {"h", 3600e9},
};

std::optional<double> unit_ns(const std::string& suffix) {
  for (const auto& [name, ns] : units)
    if (suffix == name)
      return ns;
  return std::nullopt;
}

} // namespace

std::optional<double> parse_duration_ns(const std::string& text, const std::string& bare_unit) {
  // strtod alone would take "inf", "nan", hex, signs and leading spaces.
  if (text.empty() || !(text.front() >= '0' && text.front() <= '9'))
    return std::nullopt;
  auto number_end = text.find_first_not_of("0123456789.");
  auto suffix = number_end == std::string::npos ? bare_unit : text.substr(number_end);
  auto number = text.substr(0, number_end);
  char* end = nullptr;
  double value = std::strtod(number.c_str(), &end);
  if (*end != '\0')
    return std::nullopt;
  auto scale = unit_ns(suffix);
  if (!scale)
    return std::nullopt;
  double ns = value * *scale;
  if (!std::isfinite(ns))
    return std::nullopt;
  return ns;
}

std::string duration_text(std::int64_t ns) {
  constexpr std::pair<const char*, std::int64_t> shown[] = {
    {"h", 3'600'000'000'000}, {"min", 60'000'000'000}, {"s", 1'000'000'000},
    {"ms", 1'000'000},        {"us", 1'000},
  };
  for (const auto& [name, size] : shown)
    if (ns != 0 && ns % size == 0)
      return std::to_string(ns / size) + name;
  return std::to_string(ns) + "ns";
}

} // namespace actorbench::bench
