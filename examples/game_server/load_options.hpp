#pragma once

// The load generator's command line.

#include <array>
#include <chrono>
#include <cstdint>
#include <string>

#include "client_script.hpp"
#include "command_line.hpp"
#include "crypto/bytes.hpp"

namespace game::load_generator {

struct options {
  std::string host = "127.0.0.1";
  std::uint16_t port = 0;
  /// The server's TCP port for stats (a UDP server's too): --port unless given.
  std::uint16_t stats_port = 0;
  std::uint64_t clients = 1000;
  std::chrono::duration<double> duration{10};
  double rate = 20;
  /// Clients of each hostile kind (index: client_kind); the rest are good.
  std::array<std::uint64_t, game::kind_count> hostile{};
  game::aead_choice aead;
  game::transport transport = game::transport::tcp;
  double loss = 0;
  std::uint64_t seed = 1;
  /// The server's public key (hex on the command line), pinned by every client.
  actorbench::crypto::bytes server_key{};
};

/// The options, or exits 2 with one line on stderr (0 after --help).
options parse_options(int argc, char** argv);

/// Clients 0.. are the hostile classes in option order, then the good ones.
game::client_kind kind_of(std::uint64_t i, const options& o);

} // namespace game::load_generator
