#pragma once

// game_server's command line.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

#include "command_line.hpp"
#include "server_shared.hpp"

namespace game::server {

struct options {
  std::uint16_t port = 7777;
  std::string bind = "127.0.0.1";
  std::chrono::duration<double> duration{0};
  game::aead_choice aead;
  client_timeouts timeouts;
  game::transport transport = game::transport::tcp;
  std::size_t max_handshakes = 256;
  std::size_t max_sessions = 100000;
  std::size_t max_sessions_per_address = 16384;
  std::size_t max_unsent = 64 << 10;
  std::size_t max_unsent_total = 32 << 20;
  bool without_caf_protections = false;
};

/// The options, or exits 2 with one line on stderr (0 after --help).
options parse_options(int argc, char** argv);

} // namespace game::server
