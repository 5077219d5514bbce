#include "actors/caf_openssl_code.hpp"

#include <link.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <string_view>

namespace actorbench::actors::caf_openssl_code {

namespace {

struct code_range {
  std::uintptr_t begin = 0;
  std::uintptr_t end = 0;
};

constexpr int max_ranges = 4;
code_range ranges[max_ranges];
// Published after `ranges` is written; readers load it first.
std::atomic<int> range_count{0};

int find(dl_phdr_info* info, std::size_t, void* out) {
  if (info->dlpi_name == nullptr
      || std::string_view{info->dlpi_name}.find("libcaf_openssl") == std::string_view::npos)
    return 0;
  auto& count = *static_cast<int*>(out);
  for (int i = 0; i < info->dlpi_phnum && count < max_ranges; ++i) {
    const auto& ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X) != 0) {
      auto begin = static_cast<std::uintptr_t>(info->dlpi_addr + ph.p_vaddr);
      ranges[count++] = {begin, begin + ph.p_memsz};
    }
  }
  return 1;
}

} // namespace

bool locate() {
  static std::once_flag once;
  std::call_once(once, [] {
    int count = 0;
    dl_iterate_phdr(find, &count);
    range_count.store(count, std::memory_order_release);
  });
  return range_count.load(std::memory_order_acquire) > 0;
}

bool contains(const void* address) noexcept {
  auto at = reinterpret_cast<std::uintptr_t>(address);
  int count = range_count.load(std::memory_order_acquire);
  for (int i = 0; i < count; ++i)
    if (at >= ranges[i].begin && at < ranges[i].end)
      return true;
  return false;
}

} // namespace actorbench::actors::caf_openssl_code
