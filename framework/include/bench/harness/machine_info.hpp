#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace actorbench::bench {

/// The machine and library context a result was measured in.
struct machine_info {
  std::string cpu_model;
  std::size_t cores = 0;
  bool aes = false;
  bool avx2 = false;
  std::string kernel;
  std::uint64_t memory_bytes = 0;
  std::string caf_version;
  std::string openssl_version;
  std::string libsodium_version;
  std::string hostname;
};

/// Reads /proc/cpuinfo, uname and the libraries' version strings.
machine_info read_machine_info();

/// The kernel's one-minute load average (runnable threads, averaged), from
/// /proc/loadavg; NaN where it cannot be read. On a shared machine it says
/// how many others want the cores.
double load_average_1m();

} // namespace actorbench::bench
