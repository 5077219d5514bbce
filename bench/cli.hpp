#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "bench/cipher_benchmark.hpp"
#include "bench/common/endpoint.hpp"
#include "actors/remote/tls_settings.hpp"
#include "bench/common/error.hpp"
#include "crypto/key_generator.hpp"
#include "bench/output_format.hpp"
#include "bench/zone_benchmark.hpp"
#include "bench/rpc_options.hpp"
#include "bench/servers/server_limits.hpp"

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

/// Options of `actorbench zone`, validated.
struct zone_options {
  zone_settings settings;
  /// Search for the largest player count that keeps up instead of one run.
  bool find_max = false;
  /// The most players memory allows for settings.duration (the search's cap).
  std::size_t max_players = 0;
  output_format format = output_format::table;
  std::string output_path;
  bool quiet = false;
};

/// Options of `actorbench node`, validated.
struct node_options {
  /// Where to listen (--bind, default 127.0.0.1, and --listen; port 0 picks a free one).
  endpoint listen;
  /// Scheduler threads; 0: one per core.
  std::size_t threads = 0;
  /// TLS with mutual certificate authentication; unset: plain TCP.
  std::optional<actors::tls_settings> tls;
  server_limits limits;
};

/// What the command should do.
struct command {
  enum class action { help, cipher, keygen, zone, serve, rpc, node };
  action what = action::help;
  /// For cipher.
  cipher_options cipher;
  /// For keygen.
  keygen_options keygen;
  /// For zone.
  zone_options zone;
  /// For serve.
  serve_options serve;
  /// For rpc.
  rpc_options rpc;
  /// For node.
  node_options node;
  /// The text to print for help.
  std::string text;
};

/// Parses and validates argv. Bad input comes back as an errc::bad_input
/// error whose message is one line naming the bad value and what is valid.
result<command> parse_command_line(int argc, const char* const* argv);

} // namespace actorbench::bench
