#include <doctest/doctest.h>

#include <future>
#include <memory>

#include <caf/scoped_actor.hpp>

#include "bench/scenarios/fanout/collector.hpp"
#include "bench/scenarios/fanout/fanout.hpp"
#include "bench/scenarios/fanout/fanout_messages.hpp"
#include "actors/remote/remote_node.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "crypto/registry.hpp"
#include "tests/bench/servers/networked_runtime.hpp"

namespace actorbench {

// Driver and worker nodes are separate actor systems in this process, talking
// through CAF's middleman over loopback TCP exactly as separate processes do.

namespace {

using testing::networked_runtime;
using testing::node_connect_timeout;

actors::fanout_params remote_params(std::size_t procs, std::vector<actors::remote_node> nodes) {
  const auto& b = **crypto::registry::instance().find("openssl");
  const auto& c = b.ciphers().front();
  actors::fanout_params p;
  p.procs = procs;
  p.crypto = true;
  p.backend = &b;
  p.cipher = &c;
  auto data = actors::make_payload(b, c);
  REQUIRE(data);
  p.data = *data;
  p.timeout = std::chrono::seconds{30};
  p.nodes = std::move(nodes);
  return p;
}

} // namespace

TEST_CASE("a fan-out across two worker nodes checks every reply and counts each node's share") {
  auto driver = networked_runtime(), node_a = networked_runtime(), node_b = networked_runtime();
  std::vector<actors::served_node> served;
  std::vector<actors::remote_node> nodes;
  for (auto* node : {node_a.get(), node_b.get()}) {
    auto published = actors::serve_node(*node, "127.0.0.1", 0, node_connect_timeout,
                                        testing::builtin_node_service());
    REQUIRE(published);
    auto port = published->port();
    served.push_back(std::move(*published));
    auto remote = actors::connect_node(*driver, "127.0.0.1", port, node_connect_timeout);
    REQUIRE(remote);
    CHECK(remote->name == "127.0.0.1:" + std::to_string(port));
    nodes.push_back(*remote);
  }
  // 2000 / 3 leaves a remainder: shares of 667, 667 and 666.
  for (int run = 0; run < 2; ++run) {
    auto s = actors::run_fanout(driver->system(), remote_params(2000, nodes));
    REQUIRE(s);
    CHECK(s->report.replies == 2000);
    CHECK(s->report.mismatches() == 0);
    REQUIRE(s->nodes.size() == 3);
    CHECK(s->nodes[0].name == "local");
    std::size_t senders = 0;
    for (const auto& n : s->nodes) {
      CAPTURE(n.name);
      CHECK(n.replies == n.senders);
      CHECK(n.replies_s > 0);
      CHECK(n.teardown_s > 0);
      senders += n.senders;
    }
    CHECK(senders == 2000);
    CHECK(s->nodes[1].senders == 667);
    CHECK(s->nodes[2].senders == 666);
  }
}

TEST_CASE("a worker node that is gone fails the run with its name instead of waiting") {
  auto driver = networked_runtime();
  auto node = networked_runtime();
  auto served = actors::serve_node(*node, "127.0.0.1", 0, node_connect_timeout,
                                   testing::builtin_node_service());
  REQUIRE(served);
  auto published = std::make_unique<actors::served_node>(std::move(*served));
  auto remote = actors::connect_node(*driver, "127.0.0.1", published->port(), node_connect_timeout);
  REQUIRE(remote);
  published.reset();
  node.reset(); // shuts the node's actor system down, closing the connection
  auto params = remote_params(1000, {*remote});
  auto started = std::chrono::steady_clock::now();
  auto s = actors::run_fanout(driver->system(), params);
  REQUIRE_FALSE(s);
  CHECK(s.err().code == actors::errc::node_failure);
  CHECK(s.err().detail.find(remote->name) != std::string::npos);
  CHECK(std::chrono::steady_clock::now() - started < params.timeout);
}

TEST_CASE("connecting to a port where no node listens is an error, not a wait") {
  auto driver = networked_runtime();
  // Bind a port, then free it: nothing listens there afterwards.
  std::uint16_t port = 0;
  {
    auto node = networked_runtime();
    auto p = actors::serve_node(*node, "127.0.0.1", 0, node_connect_timeout,
                                testing::builtin_node_service());
    REQUIRE(p);
    port = p->port();
  }
  auto remote = actors::connect_node(*driver, "127.0.0.1", port, node_connect_timeout);
  REQUIRE_FALSE(remote);
  CHECK(remote.err().code == actors::errc::network_failure);
  CHECK(remote.err().detail.find("127.0.0.1:" + std::to_string(port)) != std::string::npos);
}

TEST_CASE("serving a node on a port already in use is an error") {
  auto a = networked_runtime(), b = networked_runtime();
  auto first =
    actors::serve_node(*a, "127.0.0.1", 0, node_connect_timeout, testing::builtin_node_service());
  REQUIRE(first);
  auto again = actors::serve_node(*b, "127.0.0.1", first->port(), node_connect_timeout,
                                  testing::builtin_node_service());
  REQUIRE_FALSE(again);
  CHECK(again.err().code == actors::errc::network_failure);
  CHECK(again.err().detail.find(std::to_string(first->port())) != std::string::npos);
}

TEST_CASE("a worker node that cannot run its share tells the collector and the driver at once") {
  auto driver = networked_runtime(), node = networked_runtime();
  auto served = actors::serve_node(*node, "127.0.0.1", 0, node_connect_timeout,
                                   testing::builtin_node_service());
  REQUIRE(served);
  auto remote = actors::connect_node(*driver, "127.0.0.1", served->port(), node_connect_timeout);
  REQUIRE(remote);
  auto outcome = std::make_shared<actors::collector_outcome>();
  auto report = outcome->report.get_future();
  auto collector = actors::spawn_collector(
    driver->system(), {{"local", 0, {}, 0, {}}, {remote->name, 10, remote->spawner, 0, {}}}, "x",
    outcome);
  actors::remote_spawn_request req;
  req.collector = collector;
  req.source = 1;
  req.count = 10;
  req.crypto = true;
  req.backend = "no-such-backend";
  req.context = actors::context_strategy::per_actor;
  req.spawn = actors::spawn_strategy::chain;
  std::string answer;
  caf::scoped_actor self{driver->system()};
  self->request(remote->spawner, std::chrono::seconds{10}, req)
    .receive([&](const actors::remote_spawn_done&) { answer = "done"; },
             [&](const caf::error& err) { answer = driver->system().render(err); });
  CHECK(answer.find("no-such-backend") != std::string::npos);
  REQUIRE(report.wait_for(std::chrono::seconds{10}) == std::future_status::ready);
  auto collected = report.get();
  REQUIRE_FALSE(collected);
  CHECK(collected.err().code == actors::errc::node_failure);
  CHECK(collected.err().detail.find(remote->name + " cannot run its share") != std::string::npos);
}

TEST_CASE("a node refuses a share whose strategies are numbers no enum has") {
  auto driver = networked_runtime(), node = networked_runtime();
  auto served = actors::serve_node(*node, "127.0.0.1", 0, node_connect_timeout,
                                   testing::builtin_node_service());
  REQUIRE(served);
  auto remote = actors::connect_node(*driver, "127.0.0.1", served->port(), node_connect_timeout);
  REQUIRE(remote);
  caf::scoped_actor self{driver->system()};
  for (int bad_context : {0, 1}) {
    actors::remote_spawn_request req;
    req.collector = caf::actor_cast<caf::actor>(self);
    req.count = 1;
    req.context = bad_context ? static_cast<actors::context_strategy>(7)
                              : actors::context_strategy::per_actor;
    req.spawn = bad_context ? actors::spawn_strategy::chain : static_cast<actors::spawn_strategy>(9);
    std::string answer;
    self->request(remote->spawner, std::chrono::seconds{10}, req)
      .receive([&](const actors::remote_spawn_done&) { answer = "done"; },
               [&](const caf::error& err) { answer = driver->system().render(err); });
    CHECK(answer.find(bad_context ? "unknown context strategy (7)" : "unknown spawn strategy (9)")
          != std::string::npos);
  }
}

} // namespace actorbench
