#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <set>
#include <thread>

#include "bench/scenarios/keygen/keygen_pool.hpp"

namespace actorbench {

namespace {

actors::keygen_params make_params(crypto::key_algorithm algo, std::size_t bits, std::size_t threads,
                                  std::size_t keys) {
  actors::keygen_params p;
  p.request = {algo, bits, "openssl"};
  p.threads = threads;
  p.keys = keys;
  p.time_limit = std::chrono::seconds{60};
  return p;
}

} // namespace

TEST_CASE("two workers generate and validate every one of 6 EC keys") {
  auto params = make_params(crypto::key_algorithm::ec, 256, 2, 6);
  std::vector<actors::keygen_progress> seen;
  auto s =
    actors::run_keygen(params, [&seen](const actors::keygen_progress& p) { seen.push_back(p); });
  REQUIRE_MESSAGE(s, (s ? "" : s.err().detail));
  CHECK_FALSE(s->partial);
  CHECK(s->threads == 2);
  CHECK(s->requested == 6);
  CHECK(s->keys == 6);
  CHECK(s->key_s.size() == 6);
  CHECK(s->key_worker.size() == 6);
  for (auto w : s->key_worker)
    CHECK(w < 2);
  for (double d : s->key_s)
    CHECK(d > 0);
  CHECK(s->wall_s > 0);
  // At most 10 keys: all of them are validated.
  CHECK(s->validated == 6);
  CHECK(s->validation_failures == 0);
  CHECK(s->first_validation_failure.empty());
  CHECK(s->wall_per_key() == doctest::Approx(s->wall_s / 6));
  CHECK(s->thread_seconds_per_key() == doctest::Approx(s->wall_s * 2 / 6));
  REQUIRE(seen.size() == 6);
  for (std::size_t i = 0; i < seen.size(); ++i) {
    CHECK(seen[i].done == i + 1);
    CHECK(seen[i].total == 6);
  }
}

TEST_CASE("RSA-1024 keys over 2 workers with a key count that does not divide") {
  auto params = make_params(crypto::key_algorithm::rsa, 1024, 2, 5);
  auto s = actors::run_keygen(params);
  REQUIRE_MESSAGE(s, (s ? "" : s.err().detail));
  CHECK_FALSE(s->partial);
  CHECK(s->keys == 5);
  CHECK(s->validated == 5);
  CHECK(s->validation_failures == 0);
}

TEST_CASE("above 10 keys only the first key of each worker is validated") {
  auto params = make_params(crypto::key_algorithm::x25519, 0, 3, 30);
  params.request.backend = "sodium";
  auto s = actors::run_keygen(params);
  REQUIRE(s);
  CHECK(s->keys == 30);
  std::set<std::size_t> workers(s->key_worker.begin(), s->key_worker.end());
  CHECK(s->validated == workers.size());
  CHECK(s->validation_failures == 0);
}

TEST_CASE("a tiny time limit gives a partial sample and stops the workers") {
  // RSA-4096 keys take far longer than 20 ms here; the cancel flag stops
  // the generations in progress, so this returns promptly.
  auto params = make_params(crypto::key_algorithm::rsa, 4096, 2, 100);
  params.time_limit = std::chrono::milliseconds{20};
  auto t0 = std::chrono::steady_clock::now();
  auto s = actors::run_keygen(params);
  auto took = std::chrono::steady_clock::now() - t0;
  REQUIRE_MESSAGE(s, (s ? "" : s.err().detail));
  CHECK(s->partial);
  CHECK(s->keys < 100);
  CHECK(s->key_s.size() == s->keys);
  CHECK(s->wall_s >= 0.019);
  CHECK(s->validation_failures == 0);
  if (s->keys == 0)
    CHECK(std::isnan(s->wall_per_key()));
  // Not a speed check: a guard against waiting for the keys to finish.
  CHECK(took < std::chrono::seconds{30});
}

TEST_CASE("bad keygen parameters are errors, not runs") {
  auto zero_threads = actors::run_keygen(make_params(crypto::key_algorithm::ec, 256, 0, 1));
  REQUIRE_FALSE(zero_threads);
  CHECK(zero_threads.err().code == actors::errc::bad_parameter);
  auto zero_keys = actors::run_keygen(make_params(crypto::key_algorithm::ec, 256, 1, 0));
  REQUIRE_FALSE(zero_keys);
  CHECK(zero_keys.err().code == actors::errc::bad_parameter);
  auto bad_size = actors::run_keygen(make_params(crypto::key_algorithm::rsa, 100, 1, 1));
  REQUIRE_FALSE(bad_size);
  CHECK(bad_size.err().code == actors::errc::bad_parameter);
  CHECK(bad_size.err().detail.find("100") != std::string::npos);
  auto params = make_params(crypto::key_algorithm::dh, 1024, 1, 1);
  params.request.backend = "sodium";
  auto no_dh = actors::run_keygen(params);
  REQUIRE_FALSE(no_dh);
  CHECK(no_dh.err().code == actors::errc::bad_parameter);
}

} // namespace actorbench
