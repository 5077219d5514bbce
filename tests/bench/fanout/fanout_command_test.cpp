// The fan-out as the actorbench command parses it (bench::main over the
// fan-out's declaration): what tests/bench/cli_test.cpp guarded for the old
// parser, checked on --dry-run's plan and on the one-line refusals.
#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "bench/command/main.hpp"
#include "bench/scenarios/fanout/fanout_scenario.hpp"
#include "crypto/registry.hpp"
#include "text_search.hpp"

namespace actorbench::bench {
using testing::contains;

namespace {

struct outcome {
  int code = 0;
  std::string out;
  std::string err;
};

outcome run(std::vector<std::string> args) {
  registry r;
  REQUIRE(r.add(make_fanout_scenario()));
  std::ostringstream out, err;
  main_options o;
  o.tool.name = "actorbench";
  o.default_scenario = "fanout";
  o.list = [](bool) { return std::string{"aes-128-ctr xchacha20\n"}; };
  o.out = &out;
  o.err = &err;
  args.insert(args.begin(), "actorbench");
  std::vector<const char*> argv;
  for (const auto& a : args)
    argv.push_back(a.c_str());
  int code = main(static_cast<int>(argv.size()), argv.data(), r, o);
  return {code, out.str(), err.str()};
}

// The plan --dry-run prints for args; the run must be accepted.
std::string plan(std::vector<std::string> args) {
  args.push_back("--dry-run");
  auto o = run(std::move(args));
  REQUIRE(o.code == 0);
  return o.out;
}

// The one bad-input line for args.
std::string bad(std::vector<std::string> args) {
  args.push_back("--dry-run");
  auto o = run(std::move(args));
  CHECK(o.code == 2);
  CHECK(o.out.empty());
  CHECK(std::count(o.err.begin(), o.err.end(), '\n') == 1);
  return o.err;
}

} // namespace

TEST_CASE("fan-out command: the Erlang experiment's defaults, 10000 procs, crypto off, 10 runs after 1") {
  auto p = plan({});
  CHECK(contains(p, "fanout: 1 configuration, each 1 warm-up + 10 measured"));
  CHECK(contains(p, "10000 procs · crypto off"));
}

TEST_CASE("fan-out command: a cipher alone selects the back-end that offers it") {
  CHECK(contains(plan({"--cipher", "xchacha20", "--crypto", "on"}),
                 "backend sodium · cipher xchacha20"));
}

TEST_CASE("fan-out command: bad numbers name the option and the value") {
  for (auto v : {"abc", "0", "-5", "1.5", "1000000000", "1,,2", "5..1"})
    CHECK(contains(bad({"--procs", v}), std::string{"invalid --procs '"} + v + "'"));
  CHECK(contains(bad({"--runs", "0"}), "--runs '0'"));
  CHECK(contains(bad({"--threads", "5000"}), "--threads '5000'"));
  CHECK(contains(bad({"--warmup", "x"}), "--warmup 'x'"));
  CHECK(contains(bad({"--timeout", "0"}), "--timeout '0'"));
}

TEST_CASE("fan-out command: words outside their sets are refused with the valid ones") {
  CHECK(contains(bad({"--crypto", "yes"}), "off, on"));
  CHECK(contains(bad({"--backend", "gnutls"}), "none, openssl, sodium"));
  CHECK(contains(bad({"--cipher", "rot13"}), "invalid --cipher 'rot13'"));
  CHECK(contains(bad({"--crypto", "on", "--backend", "openssl", "--cipher", "xchacha20"}),
                 "aes-128-ctr"));
  CHECK(contains(bad({"--format", "xml"}), "invalid --format 'xml'"));
  CHECK(contains(bad({"--reference", "3", "--crypto", "on,off"}), "--reference '3'"));
  CHECK(contains(bad({"--policy", "fifo"}), "stealing, sharing"));
  CHECK(contains(bad({"--spawn", "fork"}), "main, chain"));
  CHECK(contains(bad({"--output", "/no/such/dir/out.json"}), "/no/such/dir"));
  CHECK(!bad({"--no-such-option"}).empty());
}

TEST_CASE("fan-out command: --list and --help answer without running") {
  auto list = run({"--list"});
  CHECK(list.code == 0);
  CHECK(contains(list.out, "xchacha20"));
  auto help = run({"--help"});
  CHECK(help.code == 0);
  CHECK(contains(help.out, "fanout"));
  auto fanout_help = run({"fanout", "--help"});
  CHECK(fanout_help.code == 0);
  CHECK(contains(fanout_help.out, "--procs"));
}

TEST_CASE("fan-out command: lists and ranges scan, a geometric range up to its end") {
  auto p = plan({"--procs", "1000,10000", "--crypto", "off,on", "--threads", "1..2"});
  CHECK(contains(p, "fanout: 8 configurations"));
  auto g = plan({"--procs", "1000..1000000x10"});
  CHECK(contains(g, "fanout: 4 configurations"));
  for (auto procs : {"1000 procs", "10000 procs", "100000 procs", "1000000 procs"})
    CHECK(contains(g, procs));
}

TEST_CASE("fan-out command: --cipher all and --backend all compare each available one") {
  std::size_t available = 0;
  for (const auto* b : actorbench::crypto::registry::instance().backends())
    for (const auto& c : b->ciphers())
      available += c.available ? 1 : 0;
  CHECK(contains(plan({"--crypto", "on", "--cipher", "all"}),
                 "fanout: " + std::to_string(available) + " configurations"));
  // One configuration per back-end (its default cipher), however many this build has.
  auto backends = plan({"--crypto", "on", "--backend", "all"});
  const auto registered = actorbench::crypto::registry::instance().backends().size();
  CHECK(contains(backends, "fanout: " + std::to_string(registered) + " configurations"));
  CHECK(contains(backends, "backend openssl, cipher aes-128-ctr"));
}

TEST_CASE("fan-out command: crypto off is one configuration whatever the back-ends") {
  CHECK(contains(plan({"--crypto", "off,on", "--backend", "openssl,sodium"}),
                 "fanout: 3 configurations"));
}

TEST_CASE("fan-out command: the reference and the shuffle seed are taken as given") {
  auto p = plan({"--crypto", "off,on", "--reference", "2", "--shuffle", "--seed", "42"});
  CHECK(contains(p, "shuffled (seed 42)"));
  CHECK(contains(p, "context per-thread (reference)"));
}

} // namespace actorbench::bench
