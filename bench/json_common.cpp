#include "bench/json_common.hpp"

#include <cmath>

#include "bench/version.hpp"

namespace actorbench::bench {

nlohmann::json to_json(const machine_info& m) {
  return {{"cpu_model", m.cpu_model},
          {"cores", m.cores},
          {"aes", m.aes},
          {"avx2", m.avx2},
          {"kernel", m.kernel},
          {"hostname", m.hostname},
          {"memory_bytes", m.memory_bytes},
          {"caf_version", m.caf_version},
          {"openssl_version", m.openssl_version},
          {"libsodium_version", m.libsodium_version}};
}

nlohmann::json tool_json(const char* benchmark, const std::string& git_commit) {
  return {{"name", "actorbench"},
          {"version", tool_version},
          {"benchmark", benchmark},
          {"git_commit", git_commit},
          {"allocator", linked_allocator}};
}

nlohmann::json json_number(double v) {
  return std::isfinite(v) ? nlohmann::json(v) : nlohmann::json();
}

} // namespace actorbench::bench
