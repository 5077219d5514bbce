#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "bench/cli.hpp"
#include "crypto/registry.hpp"

using namespace actorbench::bench;

namespace {

result<command> parse(std::vector<std::string> args) {
  args.insert(args.begin(), "actorbench");
  std::vector<const char*> argv;
  for (auto& a : args)
    argv.push_back(a.c_str());
  return parse_command_line(static_cast<int>(argv.size()), argv.data());
}

// The error message for args, which must be a bad-input error on one line.
std::string bad(std::vector<std::string> args) {
  auto r = parse(std::move(args));
  REQUIRE_FALSE(r);
  CHECK(r.err().code == errc::bad_input);
  CHECK(r.err().message.find('\n') == std::string::npos);
  return r.err().message;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("defaults follow the seed: 10000 procs, crypto off, 10 runs, openssl aes-128-ctr") {
  auto r = parse({});
  REQUIRE(r);
  REQUIRE(r->options.configs.size() == 1);
  const auto& f = r->options.configs.front();
  CHECK(f.procs == 10000);
  CHECK_FALSE(f.crypto);
  CHECK(f.runs == 10);
  CHECK(f.warmup == 1);
  CHECK(f.backend->name() == "openssl");
  CHECK(f.cipher->name == "aes-128-ctr");
  CHECK(f.scheduler.threads == 0);
  CHECK(r->options.format == output_format::table);
}

TEST_CASE("a cipher alone selects the back-end that offers it") {
  auto r = parse({"--cipher", "xchacha20", "--crypto", "on"});
  REQUIRE(r);
  REQUIRE(r->options.configs.size() == 1);
  CHECK(r->options.configs.front().backend->name() == "sodium");
  CHECK(r->options.configs.front().crypto);
}

TEST_CASE("bad numbers name the option, the value and the valid range") {
  for (auto v : {"abc", "0", "-5", "1.5", "", "1000000000", "1,,2", "5..1", "1..10x1"})
    CHECK(contains(bad({"--procs", v}), std::string{"--procs '"} + v + "'"));
  CHECK(contains(bad({"--runs", "0"}), "from 1 to"));
  CHECK(contains(bad({"--threads", "0"}), "--threads '0'"));
  CHECK(contains(bad({"--threads", "5000"}), "from 1 to 1024"));
  CHECK(contains(bad({"--warmup", "x"}), "--warmup 'x'"));
  CHECK(contains(bad({"--timeout", "0"}), "--timeout '0'"));
}

TEST_CASE("a run that cannot fit in memory is refused with the estimate") {
  auto msg = bad({"--procs", "99999999", "--spawn", "main"});
  CHECK(contains(msg, "need about"));
  CHECK(contains(msg, "GiB"));
}

TEST_CASE("the memory estimate follows the spawn strategy") {
  // Chain spawning keeps the live set to its chunks: 50 million senders need
  // about 3 GiB, spawned from main about 95 GiB.
  CHECK(parse({"--procs", "50000000"}));
  CHECK(contains(bad({"--procs", "50000000", "--spawn", "main"}), "2048 bytes per actor"));
}

TEST_CASE("words outside their sets are refused with the valid ones listed") {
  CHECK(contains(bad({"--crypto", "yes"}), "expected on, off or on,off"));
  CHECK(contains(bad({"--backend", "gnutls"}), "none, openssl, sodium"));
  CHECK(contains(bad({"--cipher", "rot13"}), "openssl/aes-128-ctr"));
  CHECK(contains(bad({"--backend", "openssl", "--cipher", "xchacha20"}), "aes-256-ctr"));
  CHECK(contains(bad({"--format", "xml"}), "table, json, csv or markdown"));
  CHECK(contains(bad({"--reference", "3", "--crypto", "on,off"}), "from 1 to 2"));
  CHECK(contains(bad({"--policy", "fifo"}), "stealing, sharing"));
  CHECK(contains(bad({"--spawn", "fork"}), "main, chain"));
  CHECK(!bad({"--no-such-option"}).empty());
}

TEST_CASE("an unwritable --output is refused before any work") {
  CHECK(contains(bad({"--output", "/no/such/dir/out.json"}), "/no/such/dir"));
  CHECK(contains(bad({"--output", "/"}), "directory"));
  CHECK(contains(bad({"--output", ""}), "--output ''"));
}

TEST_CASE("--list and --help are answers, not runs") {
  auto list = parse({"--list"});
  REQUIRE(list);
  CHECK(list->what == command::action::list);
  CHECK(contains(list->text, "aes-128-ctr"));
  CHECK(contains(list->text, "xchacha20"));
  auto help = parse({"--help"});
  REQUIRE(help);
  CHECK(help->what == command::action::help);
  CHECK(contains(help->text, "--procs"));
  CHECK(contains(help->text, "first spawn"));
}

TEST_CASE("a subcommand's help ends with the exit codes, not the fan-out's notes") {
  for (const char* sub : {"report", "diff", "cipher", "keygen"}) {
    CAPTURE(sub);
    auto help = parse({sub, "--help"});
    REQUIRE(help);
    CHECK(help->what == command::action::help);
    CHECK(contains(help->text, "Exit codes: 0 ok, 1 the run failed, 2 bad input"));
    CHECK_FALSE(contains(help->text, "first spawn"));
  }
}

TEST_CASE("lists and ranges scan: every combination is one configuration") {
  auto r = parse({"--procs", "1000,10000", "--crypto", "off,on", "--threads", "1..2"});
  REQUIRE(r);
  const auto& c = r->options.configs;
  REQUIRE(c.size() == 8);
  CHECK(c[0].procs == 1000);
  CHECK_FALSE(c[0].crypto);
  CHECK(c[0].scheduler.threads == 1);
  CHECK(c[1].scheduler.threads == 2);
  CHECK(c[2].crypto);
  CHECK(c[7].procs == 10000);
}

TEST_CASE("a geometric range multiplies up to its end") {
  auto r = parse({"--procs", "1000..1000000x10"});
  REQUIRE(r);
  std::vector<std::size_t> procs;
  for (const auto& c : r->options.configs)
    procs.push_back(c.procs);
  CHECK(procs == std::vector<std::size_t>{1000, 10000, 100000, 1000000});
}

TEST_CASE("--cipher all compares every available cipher, --backend all every back-end") {
  auto all = parse({"--crypto", "on", "--cipher", "all"});
  REQUIRE(all);
  std::size_t available = 0;
  for (const auto* b : actorbench::crypto::registry::instance().backends())
    for (const auto& c : b->ciphers())
      available += c.available ? 1 : 0;
  CHECK(all->options.configs.size() == available);
  auto backends = parse({"--crypto", "on", "--backend", "all"});
  REQUIRE(backends);
  CHECK(backends->options.configs.size() == 3);
  CHECK(backends->options.configs[1].cipher->name == "aes-128-ctr");
}

TEST_CASE("crypto off ignores the cipher list instead of repeating the same run") {
  auto r = parse({"--crypto", "off,on", "--backend", "openssl,sodium"});
  REQUIRE(r);
  CHECK(r->options.configs.size() == 3);
}

TEST_CASE("the reference and shuffle seed are taken as given") {
  auto r = parse({"--crypto", "off,on", "--reference", "2", "--shuffle", "--seed", "42"});
  REQUIRE(r);
  CHECK(r->options.reference == 1);
  CHECK(r->options.order.shuffle);
  CHECK(r->options.order.seed == 42);
}
