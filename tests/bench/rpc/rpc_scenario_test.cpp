#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <memory>

#include <caf/send.hpp>

#include "actors/remote/hello.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "bench/scenarios/rpc/rpc_scenario.hpp"
#include "bench/harness/registry.hpp"
#include "fake_run_context.hpp"
#include "text_search.hpp"

namespace actorbench::bench {
using testing::starts_with;

namespace {

// Every parameter as the harness would resolve it, plain against `connect`.
configuration rpc_config(const std::string& mode, const std::string& connect) {
  configuration c;
  c.values = {{"mode", mode},
              {"connect", connect},
              {"tls-connect", std::string{}},
              {"local", false},
              {"hello-on", std::string{}},
              {"reconnect", false},
              {"requests", std::int64_t{6}},
              {"warmup", std::int64_t{2}},
              {"name", std::string{"test"}},
              {"timeout", 5.0},
              {"threads", std::int64_t{1}},
              {"spin-us", std::int64_t{100}},
              {"spin-cpu", std::string{"off"}},
              {"cert", std::string{}},
              {"key", std::string{}},
              {"ca", std::string{}},
              {"server-cert", std::string{}},
              {"server-key", std::string{}}};
  return c;
}

std::string refusal(std::vector<configuration> plan) {
  auto refused = make_rpc_scenario()->refine(std::move(plan));
  if (refused)
    return "accepted";
  CHECK(refused.err().code == errc::bad_input);
  return refused.err().message;
}

// The hello actor published on loopback in this process.
struct hello_server {
  hello_server() {
    auto rt = actors::remote_runtime::create({});
    REQUIRE(rt);
    runtime = std::move(*rt);
    hello = actors::spawn_hello(runtime->system(), actors::hello_host::scheduler, served);
    auto bound = runtime->publish(hello, 0, "127.0.0.1", std::chrono::seconds{10});
    REQUIRE(bound);
    port = *bound;
  }
  ~hello_server() { caf::anon_send_exit(hello, caf::exit_reason::user_shutdown); }

  std::string address() const { return "127.0.0.1:" + std::to_string(port); }

  std::shared_ptr<std::atomic<std::uint64_t>> served =
    std::make_shared<std::atomic<std::uint64_t>>(0);
  std::unique_ptr<actors::remote_runtime> runtime;
  caf::actor hello;
  std::uint16_t port = 0;
};

} // namespace

TEST_CASE("rpc declares its options, its TLS files and ten rounds") {
  auto s = make_rpc_scenario();
  const auto& d = s->declared();
  CHECK(d.name == "rpc");
  CHECK(d.param("mode")->words == std::vector<std::string>{"plain", "tls"});
  CHECK(d.param("mode")->default_value == "plain");
  CHECK(d.param("mode")->scan);
  CHECK(d.param("requests")->default_value == "1000");
  CHECK(d.param("warmup")->default_value == "100");
  CHECK(d.param("timeout")->default_value == "5");
  CHECK(d.param("spin-us")->default_value == "100");
  CHECK(d.param("spin-cpu")->default_value == "auto");
  CHECK(d.param("threads")->default_help == "one per core");
  for (auto name : {"cert", "key", "ca", "server-cert", "server-key"}) {
    REQUIRE(d.param(name));
    CHECK(d.param(name)->group == "TLS");
    CHECK_FALSE(d.param(name)->scan);
  }
  CHECK(d.headline().name == "latency_s");
  CHECK(d.headline().per_run == reduction::median);
  CHECK(d.find_metric("requests_per_s")->direction == better::higher);
  CHECK(d.defaults.runs == 10);
  CHECK(d.defaults.warmup == 0);
  CHECK(s->views().size() == 1);
  registry reg;
  CHECK(reg.add(make_rpc_scenario()));
}

TEST_CASE("rpc refuses what cannot work together, in the command's words") {
  auto plain = rpc_config("plain", "127.0.0.1:4242");
  auto tls = rpc_config("tls", "127.0.0.1:4242");
  CHECK(refusal({plain}) == "accepted");
  CHECK(refusal({rpc_config("plain", "")})
        == "rpc needs exactly one of --connect HOST:PORT or --local");
  auto local = rpc_config("plain", "127.0.0.1:4242");
  local.values["local"] = true;
  CHECK(starts_with(refusal({local}), "rpc needs exactly one of"));
  CHECK(starts_with(refusal({rpc_config("plain", "localhost")}),
                    "invalid --connect 'localhost': expected HOST:PORT"));
  CHECK(starts_with(refusal({plain, tls}), "--compare with --connect needs --tls-connect"));
  auto with_tls_server = plain;
  with_tls_server.values["tls-connect"] = std::string{"127.0.0.1:4243"};
  CHECK(starts_with(refusal({with_tls_server}), "--tls-connect is for --compare with --connect"));
  auto both = with_tls_server, other = tls;
  other.values["tls-connect"] = std::string{"127.0.0.1:4243"};
  CHECK(starts_with(refusal({both, other}), "--compare needs --tls"));
  CHECK(starts_with(refusal({tls}), "--tls needs --cert"));
  auto cert = plain;
  cert.values["cert"] = std::string{"x.pem"};
  CHECK(refusal({cert}) == "--cert, --key and --ca need --tls");
  auto hello_on = plain;
  hello_on.values["hello-on"] = std::string{"multiplexer"};
  CHECK(starts_with(refusal({hello_on}), "--hello-on is for --local"));
  auto spin = plain;
  spin.values["spin-cpu"] = std::string{"4096"};
  CHECK(starts_with(refusal({spin}), "invalid --spin-cpu '4096'"));
}

TEST_CASE("rpc's --tls is mode tls and --compare plain,tls; the flags are then n/a") {
  auto s = make_rpc_scenario();
  CHECK(s->declared().defaults.runs_aliases == std::vector<std::string>{"rounds"});
  CHECK_FALSE(s->declared().defaults.warmup_option);
  auto tls_server = rpc_config("plain", "127.0.0.1:4242");
  tls_server.values["tls-connect"] = std::string{"127.0.0.1:4243"};
  tls_server.values["tls"] = true;
  tls_server.values["compare"] = true;
  for (auto f : {"cert", "key", "ca"})
    tls_server.values[f] = std::string{"/no/such.pem"};
  // The files are checked after the modes are set: the refusal names them.
  auto refused = s->refine({tls_server});
  REQUIRE_FALSE(refused);
  CHECK(refused.err().message.find("/no/such.pem") != std::string::npos);
  auto plain = rpc_config("plain", "127.0.0.1:4242");
  plain.values["tls"] = false;
  plain.values["compare"] = false;
  auto kept = s->refine({plain});
  REQUIRE(kept);
  REQUIRE(kept->size() == 1);
  CHECK(kept->front().word("mode") == "plain");
  CHECK_FALSE(kept->front().applies("tls"));
  CHECK_FALSE(kept->front().applies("compare"));
  auto tls = rpc_config("plain", "127.0.0.1:4242");
  tls.values["tls"] = true;
  auto one = s->refine({tls});
  REQUIRE_FALSE(one); // no files
  CHECK(one.err().message.find("--tls needs --cert") == 0);
}

TEST_CASE("an rpc round over one persistent connection measures its share of the requests") {
  hello_server server;
  std::vector<configuration> plan{rpc_config("plain", server.address())};
  auto session = make_rpc_scenario()->start(plan);
  REQUIRE(session);
  for (std::size_t run = 0; run < 2; ++run) {
    testing::fake_run_context ctx{plan[0], run, 2};
    auto r = (*session)->run(ctx);
    REQUIRE(r);
    CHECK(r->samples.at("latency_s").size() == 3);
    CHECK(r->samples.at("requests_per_s").front() > 0);
    CHECK_FALSE(r->partial);
  }
  CHECK(server.served->load() == 2 + 6); // the warm-up, then 3 per round
  auto facts = (*session)->facts(plan[0]);
  CHECK(std::get<std::string>(facts.at("target")) == server.address());
  CHECK(std::get<double>(facts.at("first_connect_s")) > 0);
  testing::fake_run_context stopped{plan[0], 0, 2};
  stopped.stop_flag = true;
  auto r = (*session)->run(stopped);
  REQUIRE(r);
  CHECK(r->partial);
  CHECK(r->samples.empty());
}

TEST_CASE("an rpc round with --reconnect times connect and setup per request") {
  hello_server server;
  auto c = rpc_config("plain", server.address());
  c.values["reconnect"] = true;
  c.values["requests"] = std::int64_t{2};
  c.values["warmup"] = std::int64_t{0};
  std::vector<configuration> plan{c};
  auto session = make_rpc_scenario()->start(plan);
  REQUIRE(session);
  testing::fake_run_context ctx{plan[0], 0, 1};
  auto r = (*session)->run(ctx);
  REQUIRE(r);
  const auto& latency = r->samples.at("latency_s");
  const auto& connect = r->samples.at("connect_s");
  REQUIRE(latency.size() == 2);
  REQUIRE(connect.size() == 2);
  CHECK(r->samples.at("setup_s").size() == 2);
  for (std::size_t i = 0; i < 2; ++i)
    CHECK(latency[i] >= connect[i]);
  CHECK(server.served->load() == 2);
}

} // namespace actorbench::bench
