#include "bench/harness/process_memory.hpp"

#include <fstream>
#include <sstream>
#include <string>

namespace actorbench::bench {

namespace {

// Reads a "Key:   123 kB" line from a /proc file.
std::optional<std::uint64_t> read_kib_field(const char* file, const std::string& key) {
  std::ifstream in{file};
  std::string line;
  while (std::getline(in, line)) {
    if (line.compare(0, key.size(), key) == 0 && line.size() > key.size()
        && line[key.size()] == ':') {
      std::istringstream fields{line.substr(key.size() + 1)};
      std::uint64_t kib = 0;
      if (fields >> kib)
        return kib * 1024;
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<std::uint64_t> current_rss_bytes() {
  return read_kib_field("/proc/self/status", "VmRSS");
}

std::optional<std::uint64_t> peak_rss_bytes() {
  return read_kib_field("/proc/self/status", "VmHWM");
}

bool reset_peak_rss() {
  std::ofstream out{"/proc/self/clear_refs"};
  out << "5";
  out.flush();
  return static_cast<bool>(out);
}

std::optional<std::uint64_t> available_memory_bytes() {
  return read_kib_field("/proc/meminfo", "MemAvailable");
}

} // namespace actorbench::bench
