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
  }
}

} // namespace actorbench::fuzz
