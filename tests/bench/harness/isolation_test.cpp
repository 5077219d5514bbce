#include "bench/harness/isolation.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>

#include "bench/harness/results.hpp"

using namespace actorbench::bench;

namespace {

// A "child" that is a shell script: the runner appends --isolate-child RUN,
// which sh -c takes as $0 and $1.
isolation_settings shell(const std::string& script) {
  isolation_settings s;
  s.mode = isolation_mode::process;
  s.program = "/bin/sh";
  s.command_line = {"sh", "-c", script};
  s.read_run = [](const std::string& text) -> result<run_result> {
    if (text != "record 2,0,1,3,0\n")
      return runtime_failure("unexpected '" + text + "'");
    run_result r;
    r.wall_s = 1.5;
    return r;
  };
  return s;
}

const child_run second_config_warmup{2, 0, true, 3, false};

std::string failure_of(const isolation_settings& s, double wait_s = 20) {
  std::atomic<bool> stop{false};
  auto r = run_in_child(s, second_config_warmup, wait_s, stop);
  REQUIRE_FALSE(r);
  CHECK(r.err().code == errc::runtime_failure);
  return r.err().message;
}

} // namespace

TEST_CASE("isolate: --isolate words and the child's run text") {
  CHECK(*parse_isolation("none") == isolation_mode::in_process);
  CHECK(*parse_isolation("process") == isolation_mode::process);
  CHECK(to_string(isolation_mode::in_process) == "in-process");
  auto bad = parse_isolation("thread");
  REQUIRE_FALSE(bad);
  CHECK(bad.err().message == "invalid --isolate 'thread': expected none or process");
  child_run run{4, 7, false, 10, true};
  auto back = parse_child_run(to_text(run));
  REQUIRE(back);
  CHECK(back->config == 4);
  CHECK(back->index == 7);
  CHECK_FALSE(back->warmup);
  CHECK(back->planned_runs == 10);
  CHECK(back->probing);
  CHECK_FALSE(parse_child_run("4,7"));
  CHECK_FALSE(parse_child_run("4,7,0,10,1,9"));
}

TEST_CASE("isolate: a child's record comes back through its stdout") {
  std::atomic<bool> stop{false};
  auto r = run_in_child(shell("echo record \"$1\""), second_config_warmup, 20, stop);
  REQUIRE(r);
  CHECK(r->wall_s == 1.5);
}

TEST_CASE("isolate: a child that fails, dies, hangs or says nothing readable is reported") {
  CHECK(failure_of(shell("echo boom >&2; exit 3"))
        == "the child process of warm-up run 1 of configuration 3 exited with status 3 (its "
           "error is above)");
  CHECK(failure_of(shell("kill -KILL $$")).find("was killed by signal 9") != std::string::npos);
  CHECK(failure_of(shell("echo nonsense")).find("reported no readable record: unexpected")
        != std::string::npos);
  auto started = std::chrono::steady_clock::now();
  CHECK(failure_of(shell("exec sleep 30"), 0.3).find("did not finish within 0.3 s: killed")
        != std::string::npos);
  CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds{10});
}

TEST_CASE("isolate: a child's timeout is its run's --timeout plus the start-up allowance") {
  isolation_settings s;
  configuration with;
  with.values["timeout"] = std::int64_t{5};
  CHECK(child_wait_s(s, with) == doctest::Approx(35));
  CHECK(child_wait_s(s, configuration{}) == doctest::Approx(630));
  // A child that warms up twice makes three runs, each given its timeout.
  CHECK(child_wait_s(s, with, 3) == doctest::Approx(45));
}

TEST_CASE("isolate: a child warms up --warmup times before its measured run, at least once") {
  CHECK(child_warmup_runs(0) == 1);
  CHECK(child_warmup_runs(1) == 1);
  CHECK(child_warmup_runs(3) == 3);
}
