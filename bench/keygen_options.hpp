#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "bench/cli.hpp"
#include "bench/common/error.hpp"
#include "crypto/key_generator.hpp"

namespace actorbench::bench {

/// The `actorbench keygen` options as typed, before validation.
struct keygen_cli_values {
  std::string algo = "rsa";
  std::string bits = "2048";
  std::string threads = "1,2";
  std::string keys = "20";
  std::string backend = "openssl";
  std::string time_limit;
  std::string dump_keys;
  bool dump_keys_given = false;
  std::string max_memory;
};

/// Checks every value and builds one request per size; cells are requests ×
/// thread counts.
result<keygen_options> validate_keygen(const keygen_cli_values& raw);

} // namespace actorbench::bench
