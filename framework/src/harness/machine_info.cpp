#include "bench/harness/machine_info.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <fstream>
#include <limits>
#include <sstream>

#include <caf/config.hpp>

#include "actors/runtime/runtime.hpp"
#include "crypto/registry.hpp"

namespace actorbench::bench {

namespace {

bool has_flag(const std::string& flags_line, const std::string& flag) {
  std::istringstream words{flags_line};
  std::string word;
  while (words >> word)
    if (word == flag)
      return true;
  return false;
}

std::string value_after_colon(const std::string& line) {
  auto pos = line.find(':');
  if (pos == std::string::npos)
    return {};
  auto first = line.find_first_not_of(" \t", pos + 1);
  return first == std::string::npos ? std::string{} : line.substr(first);
}

} // namespace

machine_info read_machine_info() {
  machine_info m;
  std::ifstream cpuinfo{"/proc/cpuinfo"};
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (m.cpu_model.empty() && line.rfind("model name", 0) == 0)
      m.cpu_model = value_after_colon(line);
    else if (line.rfind("flags", 0) == 0 && !m.aes && !m.avx2) {
      auto flags = value_after_colon(line);
      m.aes = has_flag(flags, "aes");
      m.avx2 = has_flag(flags, "avx2");
    }
  }
  m.cores = actors::available_cores();
  utsname u{};
  if (uname(&u) == 0) {
    m.kernel = std::string{u.sysname} + " " + u.release + " " + u.machine;
    m.hostname = u.nodename;
  }
  m.memory_bytes = static_cast<std::uint64_t>(sysconf(_SC_PHYS_PAGES))
                   * static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
  m.caf_version = std::to_string(CAF_MAJOR_VERSION) + "." + std::to_string(CAF_MINOR_VERSION) + "."
                  + std::to_string(CAF_PATCH_VERSION);
  for (const auto* b : crypto::registry::instance().backends()) {
    if (b->name() == "openssl")
      m.openssl_version = b->version();
    else if (b->name() == "sodium")
      m.libsodium_version = b->version();
  }
  return m;
}

double load_average_1m() {
  std::ifstream in{"/proc/loadavg"};
  double load = 0;
  if (!(in >> load))
    return std::numeric_limits<double>::quiet_NaN();
  return load;
}

} // namespace actorbench::bench
