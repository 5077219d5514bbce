#include "remote/interpose/library_code_ranges.hpp"

#include <link.h>

#include <string_view>

namespace actorbench::actors {

bool library_code_ranges::locate() {
  std::call_once(once_, [this] {
    struct search {
      const char* name;
      range* ranges;
      int count;
    } s{name_, ranges_, 0};
    dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void* out) {
        auto& s = *static_cast<search*>(out);
        if (info->dlpi_name == nullptr
            || std::string_view{info->dlpi_name}.find(s.name) == std::string_view::npos)
          return 0;
        for (int i = 0; i < info->dlpi_phnum && s.count < max_ranges; ++i) {
          const auto& ph = info->dlpi_phdr[i];
          if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X) != 0) {
            auto begin = static_cast<std::uintptr_t>(info->dlpi_addr + ph.p_vaddr);
            s.ranges[s.count++] = {begin, begin + ph.p_memsz};
          }
        }
        return 1;
      },
      &s);
    count_.store(s.count, std::memory_order_release);
  });
  return count_.load(std::memory_order_acquire) > 0;
}

bool library_code_ranges::contains(const void* address) const noexcept {
  auto at = reinterpret_cast<std::uintptr_t>(address);
  int count = count_.load(std::memory_order_acquire);
  for (int i = 0; i < count; ++i)
    if (at >= ranges_[i].begin && at < ranges_[i].end)
      return true;
  return false;
}

library_code_ranges& caf_io_code() {
  static library_code_ranges code{"libcaf_io."};
  return code;
}

} // namespace actorbench::actors
