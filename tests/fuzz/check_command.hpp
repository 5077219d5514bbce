#pragma once

// What every parse of a command line must give, whatever the input: a
// validated command that holds together, or one line naming the bad input.

#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench/cli.hpp"

namespace actorbench::fuzz {

[[noreturn]] inline void command_fails(const char* target, const std::string& what) {
  std::fprintf(stderr, "fuzz %s: %s\n", target, what.c_str());
  std::abort();
}

inline void check_command(const char* target, const bench::result<bench::command>& cmd) {
  using bench::command;
  if (!cmd) {
    const auto& e = cmd.err();
    if (e.message.empty() || e.message.find('\n') != std::string::npos)
      command_fails(target, "an error that is not one line: '" + e.message + "'");
    return;
  }
  switch (cmd->what) {
    case command::action::help:
      if (cmd->text.empty())
        command_fails(target, "help with no text");
      break;
    case command::action::cipher:
      if (cmd->cipher.settings.cases.empty()
          || cmd->cipher.reference >= cmd->cipher.settings.cases.size())
        command_fails(target, "a cipher benchmark with no case or a reference beyond them");
      break;
    case command::action::keygen:
      if (cmd->keygen.requests.empty() || cmd->keygen.threads.empty() || cmd->keygen.keys == 0)
        command_fails(target, "a keygen with no size, thread count or key");
      break;
    case command::action::zone: {
      const auto& s = cmd->zone.settings;
      if (s.players == 0 || s.tick_hz == 0 || s.duration.count() <= 0 || s.backend == nullptr
          || s.cipher == nullptr || s.players > cmd->zone.max_players)
        command_fails(target, "a zone without players, ticks or cipher, or beyond memory");
      break;
    }
    case command::action::serve:
      if (cmd->serve.tls
          && (cmd->serve.tls->certificate.empty() || cmd->serve.tls->key.empty()
              || cmd->serve.tls->ca.empty()))
        command_fails(target, "a TLS server without certificate, key or CA");
      break;
    case command::action::rpc:
      if (cmd->rpc.local == cmd->rpc.target.has_value() || cmd->rpc.requests == 0
          || (cmd->rpc.compare && !cmd->rpc.tls))
        command_fails(target,
                      "an rpc without exactly one target, with no request, or a "
                      "comparison without TLS");
      break;
    case command::action::node:
      if (cmd->node.listen.host.empty())
        command_fails(target, "a node listening on no host");
      break;
  }
}

} // namespace actorbench::fuzz
