#include <doctest/doctest.h>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/spawn_tree/spawn_tree.hpp"
#include "shared/suite_actor_run.hpp"

namespace actorbench::actors {

namespace {

struct tree_run {
  actors::result<spawn_tree_sample> sample = actors::error{errc::timeout, "not run"};
  seal_totals totals;
};

// One tree on a fresh actor system, its seal totals read after the system
// is gone (sealers and openers report as they are destroyed).
tree_run run_tree(std::uint32_t branching, std::uint32_t depth, bool crypto_on,
                  suite_fault fault = suite_fault::none, std::size_t threads = 2,
                  std::chrono::milliseconds timeout = std::chrono::seconds{10}) {
  auto keys = testing::suite_test_keys(crypto_on);
  tree_run out;
  {
    runtime rt{{threads, "stealing", {}, true}};
    out.sample = run_spawn_tree(rt.system(), *keys, {branching, depth, timeout, fault});
  }
  out.totals = keys->totals();
  return out;
}

} // namespace

TEST_CASE("spawn-tree sizes: (B^(D+1)-1)/(B-1) actors, B^D leaves, refused beyond the bound") {
  auto skynet = size_of_spawn_tree(10, 6);
  REQUIRE(skynet);
  CHECK(skynet->actors == 1'111'111);
  CHECK(skynet->leaves == 1'000'000);
  auto creation = size_of_spawn_tree(2, 20);
  REQUIRE(creation);
  CHECK(creation->actors == 2'097'151);
  CHECK(creation->leaves == 1'048'576);
  auto chain = size_of_spawn_tree(1, 5);
  REQUIRE(chain);
  CHECK(chain->actors == 6);
  CHECK(chain->leaves == 1);
  auto root_only = size_of_spawn_tree(7, 0);
  REQUIRE(root_only);
  CHECK(root_only->actors == 1);
  CHECK_FALSE(size_of_spawn_tree(0, 3));
  CHECK_FALSE(size_of_spawn_tree(10, 9));
  CHECK_FALSE(size_of_spawn_tree(1'000'000'000, 1));
  CHECK_FALSE(size_of_spawn_tree(2, 1'000'000'000));
  CHECK(size_of_spawn_tree(1, max_spawn_tree_actors - 1));
  CHECK_FALSE(size_of_spawn_tree(1, max_spawn_tree_actors));
}

TEST_CASE("spawn-tree: every actor answers, the root's sum is L(L-1)/2, crypto off and on") {
  for (bool crypto_on : {false, true}) {
    for (const auto& shape : {std::pair{3u, 4u}, std::pair{10u, 2u}, std::pair{2u, 9u},
                              std::pair{1u, 20u}, std::pair{5u, 0u}}) {
      // Named copies: clang 14 cannot capture structured bindings in CAPTURE.
      const unsigned b = shape.first;
      const unsigned d = shape.second;
      CAPTURE(crypto_on);
      CAPTURE(b);
      CAPTURE(d);
      auto r = run_tree(b, d, crypto_on);
      REQUIRE(r.sample);
      const auto& s = *r.sample;
      CHECK(s.mismatches == 0);
      CHECK(s.answered == s.size.actors);
      CHECK(s.sum == s.expected_sum);
      CHECK(s.sum == s.size.leaves * (s.size.leaves - 1) / 2);
      CHECK(s.peak_live <= s.size.actors);
      CHECK(r.totals.forged + r.totals.replayed == 0);
      if (crypto_on) {
        CHECK(r.totals.seals == s.size.actors);
        // Every answer is opened: the children's by their parents, the root's by the sink.
        CHECK(r.totals.opens == s.size.actors);
      }
    }
  }
}

TEST_CASE("spawn-tree: a forged answer is detected, crypto off and on, and the run ends") {
  auto on = run_tree(3, 4, true, suite_fault::forge);
  REQUIRE(on.sample);
  CHECK(on.totals.forged == 1);
  // Its parent does not trust it: neither its number nor its count is taken.
  CHECK(on.sample->mismatches == 2);
  CHECK(on.sample->answered == on.sample->size.actors - 1);
  // Off, nothing authenticates the answer: the changed number shows in the sum.
  auto off = run_tree(3, 4, false, suite_fault::forge);
  REQUIRE(off.sample);
  CHECK(off.sample->mismatches == 1);
  CHECK(off.sample->sum == off.sample->expected_sum + 1);
}

TEST_CASE("spawn-tree: a replayed answer is counted and not summed twice, crypto off and on") {
  for (bool crypto_on : {false, true}) {
    CAPTURE(crypto_on);
    // One worker: the faulty (last) leaf is the first its parent hears from,
    // so the copy arrives while the parent still waits for its siblings.
    auto r = run_tree(3, 4, crypto_on, suite_fault::replay, 1);
    REQUIRE(r.sample);
    CHECK(r.totals.replayed == 1);
    CHECK(r.sample->mismatches == 0);
  }
}

TEST_CASE("spawn-tree: wider than one batch of opens, a forged or replayed answer is caught") {
  // B = 40: a parent opens its children's answers in runs of 16, so the
  // faulty (last) leaf's answer is opened in a run with genuine ones, and a
  // replayed copy may land in a later run than the original.
  for (std::size_t threads : {std::size_t{1}, std::size_t{2}}) {
    CAPTURE(threads);
    auto clean = run_tree(40, 2, true, suite_fault::none, threads);
    REQUIRE(clean.sample);
    CHECK(clean.sample->mismatches == 0);
    CHECK(clean.sample->sum == clean.sample->expected_sum);
    CHECK(clean.totals.opens == clean.sample->size.actors);
    auto forged = run_tree(40, 2, true, suite_fault::forge, threads);
    REQUIRE(forged.sample);
    CHECK(forged.totals.forged == 1);
    CHECK(forged.sample->mismatches == 2);
    CHECK(forged.sample->answered == forged.sample->size.actors - 1);
    auto replayed = run_tree(40, 2, true, suite_fault::replay, threads);
    REQUIRE(replayed.sample);
    CHECK(replayed.totals.replayed == 1);
    CHECK(replayed.sample->mismatches == 0);
    CHECK(replayed.sample->sum == replayed.sample->expected_sum);
  }
}

TEST_CASE("spawn-tree: an actor's wrong sum is a mismatch") {
  for (bool crypto_on : {false, true}) {
    CAPTURE(crypto_on);
    auto r = run_tree(4, 3, crypto_on, suite_fault::miscount);
    REQUIRE(r.sample);
    CHECK(r.sample->mismatches == 1);
    CHECK(r.sample->sum == r.sample->expected_sum + 1);
    CHECK(r.totals.forged + r.totals.replayed == 0);
  }
}

TEST_CASE("spawn-tree: a tree that cannot answer in time is a timeout error, not a hang") {
  auto r = run_tree(10, 5, false, suite_fault::none, 2, std::chrono::milliseconds{1});
  REQUIRE_FALSE(r.sample);
  CHECK(r.sample.err().code == errc::timeout);
  CHECK(r.sample.err().detail.find("of 111111 actors spawned") != std::string::npos);
}

TEST_CASE("spawn-tree: a tree beyond the bound is refused before anything is spawned") {
  auto keys = testing::suite_test_keys(false);
  runtime rt{{1, "stealing", {}, true}};
  auto r = run_spawn_tree(rt.system(), *keys, {10, 12, std::chrono::seconds{1}, suite_fault::none});
  REQUIRE_FALSE(r);
  CHECK(r.err().code == errc::bad_parameter);
}

} // namespace actorbench::actors
