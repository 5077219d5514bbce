#include <doctest/doctest.h>

#include <algorithm>
#include <utility>

#include "bench/scenarios/cipher/cipher_pairs.hpp"
#include "bench/scenarios/cipher/cipher_scenario.hpp"
#include "bench/harness/registry.hpp"
#include "fake_run_context.hpp"

namespace actorbench::bench {

namespace {

configuration cipher_config(std::string backend, std::string cipher,
                            std::string context = "per-actor", std::int64_t size = 64,
                            std::int64_t threads = 1, double time_s = 0.002,
                            std::string direction = "decrypt") {
  configuration c;
  c.values = {{"backend", backend}, {"cipher", cipher}, {"context", context},    {"size", size},
              {"threads", threads}, {"time", time_s},   {"direction", direction}};
  return c;
}

std::vector<configuration> numbered(std::vector<configuration> plan) {
  for (std::size_t i = 0; i < plan.size(); ++i)
    plan[i].index = i;
  return plan;
}

bool has_pair(const std::vector<configuration>& plan, const std::string& b, const std::string& c) {
  return std::any_of(plan.begin(), plan.end(), [&](const configuration& x) {
    return x.word("backend") == b && x.word("cipher") == c;
  });
}

} // namespace

TEST_CASE("cipher: the declaration keeps the command's names, defaults and aliases") {
  auto s = make_cipher_scenario();
  const auto& d = s->declared();
  CHECK(d.name == "cipher");
  CHECK(d.param("backend")->default_value == "all");
  CHECK(d.param("cipher")->default_value == "aes-128-gcm");
  CHECK(d.param("context")->words
        == std::vector<std::string>{"per-message", "per-actor", "per-thread"});
  CHECK(d.param("context")->default_value == "per-actor");
  CHECK(d.param("direction")->words == std::vector<std::string>{"decrypt", "encrypt"});
  CHECK(d.param("direction")->default_value == "decrypt");
  CHECK(d.param("size")->default_value == "64,1024");
  CHECK(d.param("size")->aliases == std::vector<std::string>{"sizes"});
  CHECK(d.param("size")->max == 64 << 20);
  CHECK(d.param("threads")->default_value == "1");
  CHECK(d.param("time")->bare_unit == "ms");
  CHECK(d.param("time")->default_value == "50");
  CHECK_FALSE(d.param("time")->scan);
  CHECK(d.defaults.runs == 10);
  CHECK(d.defaults.runs_aliases == std::vector<std::string>{"iterations"});
  CHECK(d.defaults.warmup == 1);
  CHECK(d.headline().name == "time_per_op");
  CHECK(d.find_metric("throughput")->direction == better::higher);
  CHECK(d.find_metric("bytes_per_s")->unit == "B/s");
  REQUIRE(d.checks.size() == 1);
  CHECK(d.checks[0].name == "failed_decrypts");
  registry reg;
  CHECK(reg.add(make_cipher_scenario()));
}

TEST_CASE("cipher: refine keeps the pairs that exist and refuses named impossible ones") {
  auto s = make_cipher_scenario();
  const auto& words = s->declared().param("cipher")->words;
  std::vector<configuration> all;
  for (const auto& b : s->declared().param("backend")->words)
    for (const auto& c : words)
      all.push_back(cipher_config(b, c));
  auto every = s->refine(all);
  REQUIRE(every);
  CHECK(has_pair(*every, "openssl", "aes-128-ctr"));
  CHECK(has_pair(*every, "none", "none"));
  CHECK_FALSE(has_pair(*every, "openssl", "xchacha20"));
  for (const auto& c : *every)
    CHECK(find_pair(c).cipher != nullptr);

  auto some =
    s->refine({cipher_config("openssl", "aes-128-ctr"), cipher_config("openssl", "xchacha20"),
               cipher_config("sodium", "aes-128-ctr"), cipher_config("sodium", "xchacha20")});
  REQUIRE(some);
  CHECK(some->size() == 2);

  auto refused = s->refine({cipher_config("sodium", "aes-128-ctr")});
  REQUIRE_FALSE(refused);
  CHECK(refused.err().code == errc::bad_input);
  CHECK(refused.err().message.rfind("invalid --cipher 'aes-128-ctr': ", 0) == 0);

  auto nothing = s->refine({});
  REQUIRE_FALSE(nothing);
  CHECK(nothing.err().message == "no cipher cases to run");
}

TEST_CASE("cipher: the default reference is openssl/aes-128-ctr/per-actor, a decrypt") {
  auto s = make_cipher_scenario();
  auto plan =
    numbered({cipher_config("none", "none"), cipher_config("openssl", "aes-128-ctr", "per-message"),
              cipher_config("openssl", "aes-128-ctr", "per-actor", 64, 1, 0.002, "encrypt"),
              cipher_config("openssl", "aes-128-ctr", "per-actor")});
  CHECK(s->default_reference(plan) == std::optional<std::size_t>{3});
  auto gcm = numbered({cipher_config("nettle", "aes-128-gcm", "per-actor"),
                       cipher_config("openssl", "aes-128-gcm", "per-actor")});
  CHECK(s->default_reference(gcm) == std::optional<std::size_t>{1});
}

TEST_CASE("cipher: one real run per context strategy measures and checks its decrypts") {
  auto s = make_cipher_scenario();
  auto plan = numbered({cipher_config("openssl", "aes-128-ctr", "per-actor", 64),
                        cipher_config("openssl", "aes-128-gcm", "per-message", 17, 2),
                        cipher_config("none", "none", "per-thread", 1)});
  auto session = s->start(plan);
  REQUIRE(session);
  for (const auto& c : plan) {
    testing::fake_run_context ctx{c};
    auto r = (*session)->run(ctx);
    REQUIRE(r);
    REQUIRE(r->samples.at("time_per_op").size() == 1);
    auto per_op = r->samples.at("time_per_op").front();
    auto ops_s = r->samples.at("throughput").front();
    CHECK(per_op > 0);
    CHECK(ops_s == doctest::Approx(1 / per_op));
    CHECK(r->samples.at("bytes_per_s").front()
          == doctest::Approx(ops_s * static_cast<double>(c.size("size"))));
    CHECK(r->checks.at("failed_decrypts") == 0);
    CHECK(r->facts.count("first_failure") == 0);
    CHECK_FALSE(r->partial);
  }
  CHECK(std::get<std::string>((*session)->facts(plan[1]).at("aead")) == "yes");
}

TEST_CASE("cipher: encrypts (AEAD seals) at two sizes for openssl and sodium pass their checks") {
  auto s = make_cipher_scenario();
  std::vector<configuration> plan;
  for (auto [backend, cipher] :
       {std::pair{"openssl", "aes-128-gcm"}, std::pair{"sodium", "chacha20-poly1305"}})
    for (std::int64_t size : {12, 1024})
      for (const char* ctx : {"per-message", "per-actor", "per-thread"})
        plan.push_back(cipher_config(backend, cipher, ctx, size, 1, 0.002, "encrypt"));
  auto kept = s->refine(plan);
  REQUIRE(kept);
  REQUIRE(kept->size() == plan.size());
  plan = numbered(*kept);
  auto session = s->start(plan);
  REQUIRE(session);
  for (const auto& c : plan) {
    CAPTURE(c.word("backend"));
    CAPTURE(c.word("context"));
    CAPTURE(c.size("size"));
    testing::fake_run_context ctx{c};
    auto r = (*session)->run(ctx);
    REQUIRE(r);
    CHECK(r->samples.at("time_per_op").front() > 0);
    CHECK(r->checks.at("failed_decrypts") == 0);
    CHECK(r->facts.count("first_failure") == 0);
  }
}

TEST_CASE("cipher: a direction that is neither word is a runtime failure") {
  auto s = make_cipher_scenario();
  auto plan = numbered({cipher_config("none", "none", "per-actor", 64, 1, 0.002, "sideways")});
  auto session = s->start(plan);
  REQUIRE_FALSE(session);
  CHECK(session.err().message == "unknown direction sideways");
}

TEST_CASE("cipher: a stopped run does not start its iteration") {
  auto s = make_cipher_scenario();
  auto plan = numbered({cipher_config("none", "none")});
  auto session = s->start(plan);
  REQUIRE(session);
  testing::fake_run_context ctx{plan[0]};
  ctx.stop_flag = true;
  auto r = (*session)->run(ctx);
  REQUIRE(r);
  CHECK(r->partial);
  CHECK(r->samples.empty());
}

} // namespace actorbench::bench
