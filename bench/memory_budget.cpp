#include "bench/memory_budget.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "bench/process_memory.hpp"

namespace actorbench::bench {

namespace {

// Far above any machine, far below what a double or uint64 loses precision on.
constexpr double max_cap_bytes = 1ull << 50; // 1 PiB

} // namespace

std::string human_bytes(std::uint64_t bytes) {
  const char* units[] = {"KiB", "MiB", "GiB", "TiB", "PiB"};
  if (bytes < 1024)
    return std::to_string(bytes) + " bytes";
  double v = bytes / 1024.0;
  std::size_t u = 0;
  while (v >= 1024 && u + 1 < std::size(units))
    v /= 1024, ++u;
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.1f %s", v, units[u]);
  return buf;
}

result<memory_budget> parse_memory_budget(const std::string& text) {
  memory_budget out;
  out.bytes = available_memory_bytes();
  if (text.empty())
    return out;
  auto bad = [&] {
    return bad_input("invalid --max-memory '" + text
                     + "': expected a size from 1K to 1P such as 512M or 1.5G (K, M, G, T, P "
                       "are powers of 1024; no suffix means bytes)");
  };
  // strtod alone would take "inf", "nan", hex and leading spaces.
  if (text.find_first_not_of("0123456789.KMGTPkmgtp") != std::string::npos
      || !std::isdigit(static_cast<unsigned char>(text.front())))
    return bad();
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  std::string suffix{end};
  static const std::string suffixes = "KMGTP";
  double scale = 1;
  if (suffix.size() > 1)
    return bad();
  if (suffix.size() == 1) {
    auto pos = suffixes.find(static_cast<char>(std::toupper(static_cast<unsigned char>(suffix[0]))));
    if (pos == std::string::npos)
      return bad();
    scale = std::pow(1024.0, static_cast<double>(pos + 1));
  }
  double bytes = value * scale;
  if (!std::isfinite(bytes) || bytes < 1024 || bytes > max_cap_bytes)
    return bad();
  auto cap = static_cast<std::uint64_t>(bytes);
  if (!out.bytes || cap <= *out.bytes) {
    out.bytes = cap;
    out.capped = true;
  }
  return out;
}

result<bool> check_memory_estimate(const memory_budget& budget, const std::string& option,
                                   const std::string& value, std::uint64_t count,
                                   const std::string& items, const std::string& per,
                                   std::uint64_t bytes_per_item) {
  if (!budget.bytes)
    return true;
  // Saturating: an absurd count must be refused, not wrap around to fit.
  double need = static_cast<double>(count) * static_cast<double>(bytes_per_item);
  if (need <= static_cast<double>(*budget.bytes))
    return true;
  auto need_bytes = need >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(need);
  return bad_input("invalid " + option + " '" + value + "': " + std::to_string(count) + " " + items
                   + " need about " + human_bytes(need_bytes) + " (" + std::to_string(bytes_per_item)
                   + " bytes per " + per + ") but "
                   + (budget.capped ? "--max-memory allows " + human_bytes(*budget.bytes)
                                    : "only " + human_bytes(*budget.bytes) + " is available"));
}

} // namespace actorbench::bench
