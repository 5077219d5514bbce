// <ostream> before doctest and <system_error>: doctest prints a failed
// std::error_code through operator<<, which needs it declared.
#include <ostream>

#include "bench/harness/child_process.hpp"

#include <doctest/doctest.h>

#include <sched.h>
#include <signal.h>
#include <sys/wait.h>

#include <ostream>
#include <string>

using namespace actorbench::bench;

namespace {

using clock = child_process::clock;

child_process start_shell(const std::string& script, const child_options& options = {}) {
  auto child = child_process::start("/bin/sh", {"sh", "-c", script}, options);
  REQUIRE(child);
  return std::move(*child);
}

clock::time_point in_seconds(int s) {
  return clock::now() + std::chrono::seconds{s};
}

} // namespace

TEST_CASE("child process: its stdin is fed, its stdout and stderr read, its status kept") {
  child_options options;
  options.feed_stdin = true;
  options.read_stderr = true;
  auto child = start_shell("cat; echo oops >&2; exit 3", options);
  child_io io{"hello\nworld\n", {}, {}};
  auto ended = child.exchange(io, in_seconds(20));
  REQUIRE(ended);
  CHECK(*ended == exchange_end::closed);
  CHECK(io.out == "hello\nworld\n");
  CHECK(io.err == "oops\n");
  auto waited = child.wait_until(in_seconds(20));
  REQUIRE(waited);
  CHECK_FALSE(waited->killed);
  CHECK(WIFEXITED(waited->status));
  CHECK(WEXITSTATUS(waited->status) == 3);
}

TEST_CASE("child process: a program that cannot run is exec's errno") {
  auto missing = child_process::start("/nonexistent/program", {"program"}, {});
  REQUIRE_FALSE(missing);
  CHECK(missing.err() == std::errc::no_such_file_or_directory);
}

TEST_CASE("child process: go_on ends the exchange early, and one outliving its deadline is killed") {
  child_options options;
  options.own_process_group = true;
  auto child = start_shell("echo ready; exec sleep 30", options);
  child_io io;
  auto ended = child.exchange(io, in_seconds(20), [](const child_io& so_far) {
    return so_far.out.find('\n') == std::string::npos;
  });
  REQUIRE(ended);
  CHECK(*ended == exchange_end::stopped);
  CHECK(io.out == "ready\n");
  auto late = child.exchange(io, clock::now() + std::chrono::milliseconds{50});
  REQUIRE(late);
  CHECK(*late == exchange_end::deadline);
  const auto pid = child.pid();
  auto waited = child.wait_until(clock::now());
  REQUIRE(waited);
  CHECK(waited->killed);
  CHECK(::kill(pid, 0) != 0); // reaped: no such process any more
}

TEST_CASE("child process: a signal reaches it, and it runs on the CPUs it is given") {
  cpu_set_t allowed;
  REQUIRE(sched_getaffinity(0, sizeof allowed, &allowed) == 0);
  int cpu = 0;
  while (!CPU_ISSET(cpu, &allowed))
    ++cpu;
  child_options options;
  options.cpus = {cpu};
  auto child = start_shell("grep Cpus_allowed_list /proc/self/status; exec sleep 30", options);
  child_io io;
  auto ended = child.exchange(io, in_seconds(20), [](const child_io& so_far) {
    return so_far.out.find('\n') == std::string::npos;
  });
  REQUIRE(ended);
  CHECK(io.out == "Cpus_allowed_list:\t" + std::to_string(cpu) + "\n");
  child.signal(SIGTERM);
  auto waited = child.wait_until(in_seconds(20));
  REQUIRE(waited);
  CHECK_FALSE(waited->killed);
  CHECK(WIFSIGNALED(waited->status));
  CHECK(WTERMSIG(waited->status) == SIGTERM);
}

TEST_CASE("child process: it starts with SIGPIPE at its default, though the tool ignores it") {
  struct sigaction ignore {}, before {};
  ignore.sa_handler = SIG_IGN;
  REQUIRE(::sigaction(SIGPIPE, &ignore, &before) == 0);
  auto child = start_shell("sed -n 's/^SigIgn:[[:space:]]*//p' /proc/$$/status");
  child_io io;
  auto ended = child.exchange(io, in_seconds(20));
  ::sigaction(SIGPIPE, &before, nullptr);
  REQUIRE(ended);
  REQUIRE_FALSE(io.out.empty());
  const auto ignored = std::stoull(io.out, nullptr, 16);
  CHECK((ignored & (1ull << (SIGPIPE - 1))) == 0);
  REQUIRE(child.wait_until(in_seconds(20)));
}
