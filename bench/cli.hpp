#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/cipher_benchmark.hpp"
#include "bench/common/error.hpp"
#include "crypto/key_generator.hpp"
#include "bench/output_format.hpp"

namespace actorbench::bench {

/// Options of `actorbench cipher`, validated.
struct cipher_options {
  cipher_bench_settings settings;
  /// Index of the case the others are compared to.
  std::size_t reference = 0;
  output_format format = output_format::table;
  std::string output_path;
  bool quiet = false;
};

/// Options of `actorbench keygen`, validated.
struct keygen_options {
  /// One per key size (one with bits 0 for algorithms without a size).
  std::vector<crypto::keygen_request> requests;
  std::vector<std::size_t> threads;
  /// Keys per cell.
  std::size_t keys = 20;
  /// Budget for the whole command; cells still running at its end are partial.
  std::chrono::seconds time_limit{7 * 86'400};
  /// Where to write every generated private key (PEM); empty: keys are never written.
  std::string dump_keys_path;
  output_format format = output_format::table;
  std::string output_path;
  /// Where to draw a plot of the results; empty for none.
  std::string plot_path;
  bool quiet = false;
};

/// What the command should do.
struct command {
  enum class action { help, cipher, keygen };
  action what = action::help;
  /// For cipher.
  cipher_options cipher;
  /// For keygen.
  keygen_options keygen;
  /// The text to print for help.
  std::string text;
};

/// Parses and validates argv. Bad input comes back as an errc::bad_input
/// error whose message is one line naming the bad value and what is valid.
result<command> parse_command_line(int argc, const char* const* argv);

} // namespace actorbench::bench
