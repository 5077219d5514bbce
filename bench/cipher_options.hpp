#pragma once

#include <string>

#include "bench/cipher_benchmark.hpp"
#include "bench/cli.hpp"
#include "bench/common/error.hpp"

namespace actorbench::bench {

/// The `actorbench cipher` options as typed, before validation.
struct cipher_cli_values {
  std::string backend = "all";
  std::string cipher = "all";
  std::string context = "per-message,per-actor,per-thread";
  std::string sizes = "12,64,1024,16384";
  std::string threads = "1";
  std::string warmup = "2";
  std::string iterations = "5";
  std::string time_ms = "100";
  std::string reference;
};

/// Checks every value and builds one case per back-end/cipher × context ×
/// size. The default reference is openssl/aes-128-ctr/per-actor at the first
/// size, when it is among the cases.
result<cipher_options> validate_cipher(const cipher_cli_values& raw);

} // namespace actorbench::bench
