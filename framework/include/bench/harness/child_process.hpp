#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <string>
#include <system_error>
#include <vector>

#include "common/result.hpp"

namespace actorbench::bench {

/// A value, or the errno (as a generic std::error_code) of the system call
/// that failed.
template <class T>
using system_result = actorbench::result<T, std::error_code>;

/// How a child process is started and connected.
struct child_options {
  /// Its stdin is a socket this process writes child_io::input to; else it
  /// shares this process's.
  bool feed_stdin = false;
  /// Its stdout, its stderr are pipes this process reads; else shared.
  bool read_stdout = true;
  bool read_stderr = false;
  /// In a process group of its own: a terminal's Ctrl-C reaches only this
  /// process, and a kill past the deadline ends whatever it started too.
  bool own_process_group = false;
  /// It gets SIGTERM when this process dies.
  bool die_with_parent = false;
  /// Not empty: the CPUs it runs on.
  std::vector<int> cpus;
};

/// What a child process is given on its stdin and has written so far.
struct child_io {
  std::string input;
  std::string out;
  std::string err;
};

/// Why child_process::exchange returned.
enum class exchange_end {
  /// Its stdout and stderr (those read) reached their end.
  closed,
  /// The caller's `go_on` said to stop.
  stopped,
  /// The deadline passed first.
  deadline,
};

/// How a child process ended.
struct child_exit {
  /// waitpid's status (WIFEXITED and so on); meaningless when `killed`.
  int status = 0;
  /// It outlived its deadline and was killed with SIGKILL.
  bool killed = false;
};

/// A running child process, started without a shell. Every wait on it is
/// bounded by a deadline; one still running when this object goes is
/// killed and reaped.
class child_process {
 public:
  using clock = std::chrono::steady_clock;

  /// Starts `program` with `argv` (argv[0] first), this process's
  /// environment and `options`. The errno of what failed (a pipe, fork,
  /// pinning, exec) when it cannot start.
  static system_result<child_process> start(const std::string& program,
                                            const std::vector<std::string>& argv,
                                            const child_options& options);

  child_process(child_process&& other) noexcept;
  child_process& operator=(child_process&&) = delete;
  child_process(const child_process&) = delete;
  ~child_process();

  pid_t pid() const noexcept { return pid_; }

  /// Sends `signal` to the child itself.
  void signal(int signal) const;

  /// Writes io.input to its stdin (taking off what is written; its stdin
  /// ends once io.input is empty) and appends what it writes
  /// on the pipes read to io.out and io.err, until they end, `go_on` returns
  /// false (asked at least every 100 ms), or `deadline`. A child that
  /// stops reading its input has it ended. The errno when poll fails.
  system_result<exchange_end> exchange(child_io& io, clock::time_point deadline,
                                       const std::function<bool(const child_io&)>& go_on = {});

  /// Waits for it to exit until `deadline`; past that, kills it (its group
  /// with options.own_process_group) and reaps it. The errno when waitpid
  /// fails.
  system_result<child_exit> wait_until(clock::time_point deadline);

 private:
  child_process(pid_t pid, bool own_group, int in, int out, int err) noexcept;

  void kill_and_reap();
  void close_pipes() noexcept;

  pid_t pid_ = -1;
  bool own_group_ = false;
  int in_ = -1;
  int out_ = -1;
  int err_ = -1;
};

} // namespace actorbench::bench
