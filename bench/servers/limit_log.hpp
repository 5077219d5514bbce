#pragma once

#include <chrono>
#include <ostream>
#include <string>

#include "actors/remote/fd_reserve.hpp"
#include "bench/servers/bounded_log.hpp"

namespace actorbench::bench {

/// What a server command (serve, node) logs of the limits that protect it:
/// connections dropped for the payload size their BASP header declared
/// (actors/remote/basp_payload_limit.hpp), bounded as bounded_log says, and
/// running out of file descriptors (actors/remote/fd_reserve.hpp), once when
/// it starts and once when it ends. Part of the executable: the library only
/// records.
class limit_log {
 public:
  /// Lines start with `prefix`, e.g. "actorbench serve: ".
  limit_log(std::string prefix, std::ostream& out);

  /// Prints what happened since the last call; call it often.
  void poll();

  /// Prints what poll() still held back (at the end).
  void finish();

 private:
  std::string prefix_;
  std::ostream& out_;
  actors::fd_reserve::watcher descriptors_;
  bounded_log dropped_;
};

} // namespace actorbench::bench
