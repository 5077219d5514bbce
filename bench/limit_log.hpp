#pragma once

#include <chrono>
#include <ostream>
#include <string>

#include "actors/remote/fd_reserve.hpp"

namespace actorbench::bench {

/// What a server command (serve, node) logs of the limits that protect it:
/// BASP messages refused for their size (actors/remote/basp_payload_limit.hpp), at
/// most a few lines a second however many come, and running out of file
/// descriptors (actors/remote/fd_reserve.hpp), once when it starts and once when
/// it ends. Part of the executable: the library only records.
class limit_log {
 public:
  /// Lines start with `prefix`, e.g. "actorbench serve: ".
  limit_log(std::string prefix, std::ostream& out) : prefix_(std::move(prefix)), out_(out) {}

  /// Prints what happened since the last call; call it often.
  void poll();

 private:
  std::string prefix_;
  std::ostream& out_;
  actors::fd_reserve::watcher descriptors_;
  std::chrono::steady_clock::time_point last_refusals_{};
};

} // namespace actorbench::bench
