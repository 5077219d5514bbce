#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include "actors/remote/remote_node.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "bench/scenarios/mailbox/mailbox_remote.hpp"
#include "bench/scenarios/shared/shipped_keys.hpp"
#include "shared/suite_actor_run.hpp"
#include "tests/bench/servers/networked_runtime.hpp"

namespace actorbench::actors {

// Driver and worker nodes are separate actor systems in this process,
// talking through CAF's middleman over loopback TCP as separate processes do.

namespace {

using actorbench::testing::networked_runtime;
using actorbench::testing::node_connect_timeout;

struct remote_outcome {
  result<mailbox_sample> sample;
  seal_totals totals;
};

// One run_mailbox_remote on fresh systems with `node_count` nodes; the
// totals once every system is gone (the receiver's opener reports as it exits).
remote_outcome run_remote(const std::shared_ptr<seal_keys>& keys, const mailbox_params& p,
                          std::size_t node_count) {
  result<mailbox_sample> sample = error{errc::timeout, "not run"};
  {
    auto driver = networked_runtime();
    std::vector<std::unique_ptr<remote_runtime>> systems;
    std::vector<served_node> served; // destroyed before their systems
    std::vector<remote_node> nodes;
    for (std::size_t i = 0; i < node_count; ++i) {
      systems.push_back(networked_runtime());
      auto published = serve_node(*systems.back(), "127.0.0.1", 0, node_connect_timeout,
                                  actorbench::testing::builtin_node_service());
      REQUIRE(published);
      auto remote = connect_node(*driver, "127.0.0.1", published->port(), node_connect_timeout);
      REQUIRE(remote);
      served.push_back(std::move(*published));
      nodes.push_back(std::move(*remote));
    }
    sample = run_mailbox_remote(driver->system(), *keys, p, nodes);
  }
  return {std::move(sample), keys->totals()};
}

mailbox_params small_remote_mailbox(suite_fault fault = suite_fault::none) {
  mailbox_params p;
  p.senders = 5;
  p.messages = 200;
  p.burst = 16;
  p.timeout = std::chrono::seconds{15};
  p.fault = fault;
  return p;
}

} // namespace

TEST_CASE("mailbox --nodes: senders split over two nodes, every message checked, off and on") {
  for (bool on : {false, true}) {
    CAPTURE(on);
    auto o = run_remote(testing::suite_test_keys(on), small_remote_mailbox(), 2);
    REQUIRE(o.sample);
    CHECK(o.sample->received == 1000);
    CHECK(o.sample->mismatches == 0);
    CHECK(o.totals.forged + o.totals.replayed == 0);
    CHECK(o.sample->elapsed_s > 0);
  }
}

TEST_CASE("mailbox --nodes: a forged, replayed or skipped message from a node is caught") {
  // As in a local run (mailbox_test.cpp): with crypto on a forgery is a bad
  // tag, a replay a counter seen before, a skipped number out of order.
  for (auto fault : {suite_fault::forge, suite_fault::replay, suite_fault::miscount}) {
    CAPTURE(static_cast<int>(fault));
    auto on = run_remote(testing::suite_test_keys(true), small_remote_mailbox(fault), 1);
    REQUIRE(on.sample);
    CHECK(on.totals.forged == (fault == suite_fault::forge ? 1 : 0));
    CHECK(on.totals.replayed == (fault == suite_fault::replay ? 1 : 0));
    CHECK(on.totals.forged + on.totals.replayed + on.sample->mismatches > 0);
    auto off = run_remote(testing::suite_test_keys(false), small_remote_mailbox(fault), 1);
    REQUIRE(off.sample);
    CHECK(off.sample->mismatches > 0);
  }
}

TEST_CASE("mailbox --nodes: a node that cannot make the senders fails the run at once") {
  auto keys = testing::suite_test_keys(true);
  // More senders than the receiver expects: the node refuses the request.
  mailbox_senders_request req;
  req.senders = 1;
  req.first = 0;
  req.count = 2;
  auto driver = networked_runtime();
  auto refused = spawn_requested_mailbox_senders(driver->system(), req);
  REQUIRE_FALSE(refused);
  CHECK(refused.err().code == errc::bad_parameter);
  req.count = 1;
  req.keys = ship(*keys);
  req.keys.cipher = "no-such-cipher";
  auto unknown = spawn_requested_mailbox_senders(driver->system(), req);
  REQUIRE_FALSE(unknown);
  CHECK(unknown.err().code == errc::crypto_failure);
}

} // namespace actorbench::actors
