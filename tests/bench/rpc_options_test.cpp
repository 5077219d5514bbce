#include <doctest/doctest.h>

#include "bench/endpoint.hpp"
#include "bench/rpc_options.hpp"
#include "bench/rpc_report.hpp"
#include "actors/cpu_pinning.hpp"

using namespace actorbench::bench;

TEST_CASE("HOST:PORT parses host names, IPv4 and bracketed IPv6 addresses") {
  auto a = parse_endpoint("--connect", "example.org:4242");
  REQUIRE(a);
  CHECK(a->host == "example.org");
  CHECK(a->port == 4242);
  auto b = parse_endpoint("--connect", "[::1]:65535");
  REQUIRE(b);
  CHECK(b->host == "::1");
  CHECK(b->port == 65535);
}

TEST_CASE("a bad HOST:PORT is bad input naming the value") {
  for (const char* text : {"localhost", ":80", "host:", "host:0", "host:65536", "host:8x",
                           "::1:80", "[]:80", "host:123456"}) {
    auto e = parse_endpoint("--connect", text);
    REQUIRE_FALSE(e);
    CHECK(e.err().code == errc::bad_input);
    CHECK(e.err().message.find(std::string{"invalid --connect '"} + text + "'") == 0);
  }
}

TEST_CASE("percentiles are taken by nearest rank") {
  std::vector<double> xs{5, 1, 4, 2, 3, 6, 7, 8, 9, 10};
  CHECK(percentile(xs, 50) == 5);
  CHECK(percentile(xs, 99) == 10);
  CHECK(percentile(xs, 100) == 10);
  CHECK(percentile(xs, 0) == 1);
  CHECK(percentile({}, 50) == 0);
}

TEST_CASE("rpc takes exactly one of --connect and --local, and rounds fit the requests") {
  rpc_cli_values raw;
  CHECK_FALSE(validate_rpc(raw));
  raw.local = true;
  raw.connect = "127.0.0.1:4242";
  CHECK_FALSE(validate_rpc(raw));
  raw.local = false;
  raw.requests = "3";
  auto opts = validate_rpc(raw);
  REQUIRE(opts);
  CHECK(opts->rounds == 3); // 10 by default, at most one per request
  CHECK_FALSE(opts->tls);
  raw.rounds = "4";
  CHECK_FALSE(validate_rpc(raw));
}

TEST_CASE("--tls without all three files never means anonymous TLS") {
  rpc_cli_values raw;
  raw.connect = "127.0.0.1:4242";
  raw.tls.tls = true;
  raw.tls.certificate = "client.pem";
  raw.tls.key = "client.key";
  auto opts = validate_rpc(raw);
  REQUIRE_FALSE(opts);
  CHECK(opts.err().message.find("--tls needs --ca") == 0);
}

TEST_CASE("the client spins 100 us by default; --spin-us 0 blocks at once, a word is bad input") {
  rpc_cli_values raw;
  raw.local = true;
  auto opts = validate_rpc(raw);
  REQUIRE(opts);
  CHECK(opts->spin == std::chrono::microseconds{100});
  raw.spin = "0";
  opts = validate_rpc(raw);
  REQUIRE(opts);
  CHECK(opts->spin.count() == 0);
  raw.spin = "soon";
  opts = validate_rpc(raw);
  REQUIRE_FALSE(opts);
  CHECK(opts.err().message.find("invalid --spin-us 'soon'") == 0);
}

TEST_CASE("--hello-on picks the scheduler or the multiplexer, and rpc takes it with --local only") {
  serve_cli_values serve;
  auto s = validate_serve(serve);
  REQUIRE(s);
  CHECK(s->hello_on == actorbench::actors::hello_host::scheduler);
  serve.hello_on = "multiplexer";
  s = validate_serve(serve);
  REQUIRE(s);
  CHECK(s->hello_on == actorbench::actors::hello_host::multiplexer);
  serve.hello_on = "gpu";
  s = validate_serve(serve);
  REQUIRE_FALSE(s);
  CHECK(s.err().message == "invalid --hello-on 'gpu': expected scheduler or multiplexer");

  rpc_cli_values raw;
  raw.local = true;
  raw.hello_on = "multiplexer";
  auto opts = validate_rpc(raw);
  REQUIRE(opts);
  CHECK(opts->hello_on == actorbench::actors::hello_host::multiplexer);
  raw.local = false;
  raw.connect = "127.0.0.1:4242";
  opts = validate_rpc(raw);
  REQUIRE_FALSE(opts);
  CHECK(opts.err().message.find("--hello-on is for --local") == 0);
}

TEST_CASE("--spin-cpu takes a CPU this process may use and leaves the others to the rest") {
  auto allowed = actorbench::actors::allowed_cpus();
  REQUIRE_FALSE(allowed.empty());
  rpc_cli_values raw;
  raw.local = true;
  raw.spin_cpu = std::to_string(allowed.front());
  auto opts = validate_rpc(raw);
  if (allowed.size() == 1) {
    REQUIRE_FALSE(opts);
    CHECK(opts.err().message == "--spin-cpu needs a second CPU for everything else");
  } else {
    REQUIRE(opts);
    CHECK(opts->spin_cpu == allowed.front());
    CHECK(opts->other_cpus == std::vector<int>(allowed.begin() + 1, allowed.end()));
  }
  raw.spin_cpu = "100000";
  opts = validate_rpc(raw);
  REQUIRE_FALSE(opts);
  CHECK(opts.err().message.find("invalid --spin-cpu '100000'") == 0);
}

TEST_CASE("--spin-cpu auto pins the spinner when there are two CPUs and a spin; off never pins") {
  auto allowed = actorbench::actors::allowed_cpus();
  REQUIRE_FALSE(allowed.empty());
  rpc_cli_values raw;
  raw.local = true;
  CHECK(raw.spin_cpu == "auto");
  auto opts = validate_rpc(raw);
  REQUIRE(opts);
  if (allowed.size() >= 2) {
    CHECK(opts->spin_cpu == allowed.front());
    CHECK(opts->other_cpus == std::vector<int>(allowed.begin() + 1, allowed.end()));
  } else {
    CHECK_FALSE(opts->spin_cpu);
  }
  raw.spin = "0";
  opts = validate_rpc(raw);
  REQUIRE(opts);
  CHECK_FALSE(opts->spin_cpu);
  raw.spin = "100";
  raw.spin_cpu = "off";
  opts = validate_rpc(raw);
  REQUIRE(opts);
  CHECK_FALSE(opts->spin_cpu);
  CHECK(opts->other_cpus.empty());
}
