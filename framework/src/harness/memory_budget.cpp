#include "bench/harness/memory_budget.hpp"

#include <algorithm>
#include <cstdio>

#include "bench/harness/byte_size.hpp"
#include "bench/harness/process_memory.hpp"

namespace actorbench::bench {

namespace {

// Far above any machine, far below what a double or uint64 loses precision on.
constexpr std::uint64_t max_cap_bytes = 1ull << 50; // 1 PiB

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

memory_budget machine_budget(std::optional<std::uint64_t> cap_bytes) {
  memory_budget out;
  out.bytes = available_memory_bytes();
  if (cap_bytes && (!out.bytes || *cap_bytes <= *out.bytes)) {
    out.bytes = cap_bytes;
    out.capped = true;
  }
  return out;
}

result<memory_budget> parse_memory_budget(const std::string& text) {
  if (text.empty())
    return machine_budget(std::nullopt);
  auto parsed = parse_byte_size("--max-memory", text, 1024, max_cap_bytes, "1K", "1P");
  if (!parsed)
    return parsed.err();
  return machine_budget(*parsed);
}

result<void> check_memory_estimate(const memory_budget& budget, const std::string& option,
                                   const std::string& value, std::uint64_t count,
                                   const std::string& items, const std::string& per,
                                   std::uint64_t bytes_per_item) {
  if (!budget.bytes)
    return {};
  // Saturating: an absurd count must be refused, not wrap around to fit.
  double need = static_cast<double>(count) * static_cast<double>(bytes_per_item);
  if (need <= static_cast<double>(*budget.bytes))
    return {};
  auto need_bytes = need >= 1.8e19 ? UINT64_MAX : static_cast<std::uint64_t>(need);
  return bad_input("invalid " + option + " '" + value + "': " + std::to_string(count) + " " + items
                   + " need about " + human_bytes(need_bytes) + " ("
                   + std::to_string(bytes_per_item) + " bytes per " + per + ") but "
                   + (budget.capped ? "--max-memory allows " + human_bytes(*budget.bytes)
                                    : "only " + human_bytes(*budget.bytes) + " is available"));
}

} // namespace actorbench::bench
