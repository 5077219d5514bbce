#include <sstream>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "bench/common/endpoint.hpp"
#include "bench/rpc_options.hpp"
#include "bench/rpc_report.hpp"
#include "actors/runtime/cpu_pinning.hpp"

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
  for (const char* text : {"localhost", ":80", "host:", "host:0", "host:65536", "host:8x", "::1:80",
                           "[]:80", "host:123456"}) {
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

TEST_CASE("the JSON report keeps every latency, the table's figures in ms and the TLS ratio") {
  rpc_result plain;
  plain.mode.target = {"127.0.0.1", 4242};
  plain.latency_us = {10, 20, 30, 40, 1000};
  plain.connect_us = {500};
  plain.wall_seconds = 0.5;
  rpc_result tls = plain;
  tls.mode.tls = actorbench::actors::tls_settings{"c.pem", "c.key", "ca.pem"};
  tls.latency_us = {15, 25, 45, 50, 60};
  rpc_settings s;
  s.requests = 5;
  std::ostringstream out;
  write_rpc_report({plain, tls}, s, machine_info{}, "abc123", output_format::json, out);
  auto doc = nlohmann::json::parse(out.str());
  CHECK(doc.at("tool").at("benchmark") == "rpc");
  CHECK(doc.at("tool").at("git_commit") == "abc123");
  const auto& modes = doc.at("modes");
  REQUIRE(modes.size() == 2);
  CHECK(modes[0].at("mode") == "plain");
  CHECK(modes[1].at("mode") == "tls");
  CHECK(modes[0].at("latency_us").size() == 5);
  CHECK(modes[0].at("latency_ms").at("median").get<double>() == doctest::Approx(0.030));
  CHECK(modes[0].at("latency_ms").at("max").get<double>() == doctest::Approx(1.0));
  CHECK(modes[0].at("requests_per_s").get<double>() == doctest::Approx(10.0));
  CHECK(doc.at("tls_overhead").at("median_ratio").get<double>() == doctest::Approx(45.0 / 30.0));
  // No key material in the report: only the mode, never the files.
  CHECK(out.str().find("c.key") == std::string::npos);

  std::ostringstream csv;
  write_rpc_report({plain}, s, machine_info{}, "abc123", output_format::csv, csv);
  CHECK(csv.str() == "mode,target,request,latency_us,connect_us,setup_us\n"
                     "plain,127.0.0.1:4242,1,10.000,,\n"
                     "plain,127.0.0.1:4242,2,20.000,,\n"
                     "plain,127.0.0.1:4242,3,30.000,,\n"
                     "plain,127.0.0.1:4242,4,40.000,,\n"
                     "plain,127.0.0.1:4242,5,1000.000,,\n");
}

TEST_CASE("rpc writes a table, JSON or CSV, and refuses markdown") {
  rpc_cli_values raw;
  raw.local = true;
  CHECK(validate_rpc(raw)->format == output_format::table);
  raw.format = "json";
  CHECK(validate_rpc(raw)->format == output_format::json);
  raw.format = "markdown";
  auto opts = validate_rpc(raw);
  REQUIRE_FALSE(opts);
  CHECK(opts.err().message == "invalid --format 'markdown' for rpc: expected table, json or csv");
}
