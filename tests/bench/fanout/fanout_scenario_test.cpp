#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "bench/scenarios/fanout/fanout_scenario.hpp"
#include "bench/harness/registry.hpp"
#include "fake_run_context.hpp"

namespace actorbench::bench {

namespace {

// A configuration as make_plan would give one: every parameter that applies,
// with crypto off its back-end, cipher and context not applicable.
configuration config(std::int64_t procs, const std::string& crypto = "off") {
  configuration c;
  c.values = {{"procs", procs},
              {"crypto", crypto},
              {"policy", std::string{"stealing"}},
              {"spawn", std::string{"chain"}},
              {"clock", std::string{"lean"}},
              {"tls", false}};
  if (crypto == "on")
    c.values["context"] = std::string{"per-thread"};
  else
    c.not_applicable = {"backend", "cipher", "context"};
  return c;
}

configuration with(configuration c, const std::string& name, param_value v) {
  c.values[name] = std::move(v);
  return c;
}

std::string refusal(const scenario& s, std::vector<configuration> plan) {
  auto r = s.refine(std::move(plan));
  REQUIRE_FALSE(r);
  return r.err().message;
}

} // namespace

TEST_CASE("the fan-out declares its options, defaults and ranges") {
  auto s = make_fanout_scenario();
  const auto& d = s->declared();
  CHECK(d.name == "fanout");
  registry r;
  REQUIRE(r.add(make_fanout_scenario()));
  const auto* procs = d.param("procs");
  REQUIRE(procs != nullptr);
  CHECK(procs->default_value == "10000");
  CHECK(procs->min == 1);
  CHECK(procs->max == 100'000'000);
  CHECK(procs->scan);
  CHECK(d.param("crypto")->words == std::vector<std::string>{"off", "on"});
  CHECK(d.param("crypto")->default_value == "off");
  for (auto name : {"backend", "cipher", "context"})
    CHECK(d.param(name)->only_if.param == "crypto");
  auto backends = d.param("backend")->words;
  CHECK(std::find(backends.begin(), backends.end(), "openssl") != backends.end());
  auto ciphers = d.param("cipher")->words;
  CHECK(std::find(ciphers.begin(), ciphers.end(), "aes-128-ctr") != ciphers.end());
  CHECK(d.param("threads")->default_value.empty());
  CHECK(d.param("threads")->default_help == "one per core");
  CHECK(d.param("spawn")->default_value == "chain");
  CHECK(d.param("clock")->default_value == "lean");
  CHECK(d.param("policy")->default_value == "stealing");
  CHECK(d.param("context")->default_value == "per-thread");
  for (auto name : {"pin", "nodes", "timeout", "connect-timeout", "tls", "cert", "key", "ca"})
    CHECK_FALSE(d.param(name)->scan);
  CHECK(d.param("timeout")->max == 86'400);
  for (const auto& p : d.params)
    CHECK(p.aliases.empty()); // every fan-out option keeps its name
  CHECK(d.headline().name == "replies_s");
  CHECK(d.find_metric("spawn_done_s")->phase);
  CHECK(d.find_metric("teardown_done_s")->phase);
  CHECK(d.find_metric("actors_per_s")->direction == better::higher);
  CHECK(d.checks.size() == 4);
  CHECK(d.defaults.runs == 10);
  CHECK(d.defaults.warmup == 1);
}

TEST_CASE("the fan-out resolves back-end and cipher and drops impossible pairs") {
  auto s = make_fanout_scenario();
  auto plain = s->refine({config(1000, "on")});
  REQUIRE(plain);
  CHECK(plain->front().word("backend") == "openssl");
  CHECK(plain->front().word("cipher") == "aes-128-ctr");

  auto scan = s->refine({with(config(10, "on"), "cipher", std::string{"aes-128-ctr"}),
                         with(with(config(10, "on"), "backend", std::string{"none"}), "cipher",
                              std::string{"aes-128-ctr"}),
                         with(config(10, "on"), "backend", std::string{"openssl"}), config(10)});
  REQUIRE(scan);
  CHECK(scan->size() == 3); // none/aes-128-ctr cannot exist
  CHECK(scan->back().word("crypto") == "off");

  auto other = refusal(*s, {with(with(config(10, "on"), "backend", std::string{"openssl"}),
                                 "cipher", std::string{"xchacha20"})});
  CHECK(other.find("invalid --cipher 'xchacha20': ") == 0);
  CHECK(other.find("aes-128-ctr") != std::string::npos);
}

TEST_CASE("the fan-out refuses cross-parameter mistakes in the command's words") {
  auto s = make_fanout_scenario();
  auto nodes = with(config(2), "nodes", std::string{"127.0.0.1:4242,127.0.0.1:4243"});
  CHECK(
    refusal(*s, {nodes})
    == "invalid --procs '2': with 2 worker nodes a run needs at least 3 senders (one per node)");
  CHECK(refusal(*s, {with(config(10), "tls", true)})
        == "--tls needs --nodes: it secures the connections to worker nodes");
  CHECK(refusal(*s, {with(config(10), "cert", std::string{"a.pem"})})
        == "--cert, --key and --ca need --tls");
  CHECK(refusal(*s, {with(config(10), "pin", std::string{"4095"})}).find("invalid --pin '4095'")
        == 0);
  CHECK(refusal(*s, {with(config(10), "nodes", std::string{"nohost"})}).find("invalid --nodes")
        == 0);
  auto memory = s->memory(with(config(1000), "spawn", std::string{"main"}));
  REQUIRE(memory);
  CHECK(memory->param == "procs");
  CHECK(memory->count == 1000);
  CHECK(memory->bytes_per_item == 2048);
}

TEST_CASE("one small fan-out runs through the session and fills the record") {
  auto s = make_fanout_scenario();
  auto plan = s->refine({config(200, "on"), with(config(100), "threads", std::int64_t{1})});
  REQUIRE(plan);
  for (std::size_t i = 0; i < plan->size(); ++i)
    (*plan)[i].index = i;
  auto session = s->start(*plan);
  REQUIRE(session);
  CHECK((*plan)[0].integer("threads") >= 1); // one per core, resolved
  CHECK((*plan)[1].integer("threads") == 1);
  for (const auto& c : *plan) {
    testing::fake_run_context ctx{c};
    auto record = (*session)->run(ctx);
    REQUIRE(record);
    CHECK_FALSE(record->partial);
    REQUIRE(record->samples.at("replies_s").size() == 1);
    auto replies = record->samples.at("replies_s").front();
    CHECK(replies > 0);
    CHECK(record->samples.at("spawn_done_s").front() <= record->samples.at("teardown_done_s")[0]);
    CHECK(record->samples.at("actors_per_s").front()
          == doctest::Approx(c.integer("procs") / replies));
    // Not a structured binding: clang 14 cannot capture one in CHECK_MESSAGE.
    for (const auto& check : record->checks)
      CHECK_MESSAGE(check.second == 0, check.first);
    CHECK(record->parts.empty());
    REQUIRE_FALSE(ctx.progress_seen.empty());
    CHECK(ctx.progress_seen.back() == 1);
    auto facts = (*session)->facts(c);
    CHECK(std::get<std::string>(facts.at("plaintext")) == "Hello World!");
    CHECK_FALSE(std::get<std::string>(facts.at("ciphertext_hex")).empty());
  }
  testing::fake_run_context stopped{plan->front()};
  stopped.stop_flag = true;
  auto skipped = (*session)->run(stopped);
  REQUIRE(skipped);
  CHECK(skipped->partial);
  CHECK(skipped->samples.empty());
}

namespace {

std::size_t threads_of_this_process() {
  std::size_t n = 0;
  for (const auto& entry : std::filesystem::directory_iterator{"/proc/self/task"}) {
    (void)entry;
    ++n;
  }
  return n;
}

/// The thread count once it is `want`, or after 5 s: a thread just joined
/// can stay in /proc/self/task for a moment (seen under ASan on 2 cores).
std::size_t threads_once_at(std::size_t want) {
  auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds{5};
  auto n = threads_of_this_process();
  while (n != want && std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds{10});
    n = threads_of_this_process();
  }
  return n;
}

/// The thread count once it has held for 100 ms (or after 5 s): a thread
/// another test left to end alone may still be in /proc/self/task.
std::size_t settled_threads() {
  auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds{5};
  auto n = threads_of_this_process();
  while (std::chrono::steady_clock::now() < give_up) {
    std::this_thread::sleep_for(std::chrono::milliseconds{100});
    auto now = threads_of_this_process();
    if (now == n)
      break;
    n = now;
  }
  return n;
}

} // namespace

TEST_CASE("the fan-out keeps one actor system live at a time, started before its run") {
  auto s = make_fanout_scenario();
  auto plan = s->refine(
    {with(config(100), "threads", std::int64_t{3}), with(config(100), "threads", std::int64_t{1})});
  REQUIRE(plan);
  for (std::size_t i = 0; i < plan->size(); ++i)
    (*plan)[i].index = i;
  auto before = settled_threads();
  auto session = s->start(*plan);
  REQUIRE(session);
  // Nothing idles after the start: the systems made to resolve the plan are gone.
  CHECK(threads_once_at(before) == before);
  REQUIRE((*session)->before_run((*plan)[0]));
  auto with_three = threads_of_this_process();
  REQUIRE((*session)->before_run((*plan)[1]));
  // Three workers replaced by one: the other system's threads are gone.
  auto with_one = with_three - 2;
  CHECK(threads_once_at(with_one) == with_one);
  testing::fake_run_context ctx{(*plan)[1]};
  REQUIRE((*session)->run(ctx));
  CHECK(threads_once_at(with_one) == with_one);
  REQUIRE((*session)->before_run((*plan)[0]));
  CHECK(threads_once_at(with_three) == with_three);
}

} // namespace actorbench::bench
