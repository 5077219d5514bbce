#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "bench/scenarios/keygen/keygen_pool.hpp"
#include "bench/harness/registry.hpp"
#include "bench/scenarios/keygen/keygen_estimate.hpp"
#include "bench/scenarios/keygen/keygen_scenario.hpp"
#include "fake_run_context.hpp"
#include "text_search.hpp"

namespace actorbench::bench {
using testing::starts_with;

namespace {

configuration keygen_config(std::string algo, std::int64_t bits, std::string backend = "openssl",
                            std::int64_t threads = 1, std::int64_t keys = 4,
                            std::string dump = {}) {
  configuration c;
  c.values = {{"algo", algo},
              {"backend", backend},
              {"threads", threads},
              {"keys", keys},
              {"dump-keys", dump}};
  if (bits > 0)
    c.values["bits"] = bits;
  else
    c.not_applicable.push_back("bits");
  return c;
}

} // namespace

TEST_CASE("keygen: the declaration keeps the command's names and defaults") {
  auto s = make_keygen_scenario();
  const auto& d = s->declared();
  CHECK(d.name == "keygen");
  CHECK(d.param("algo")->words == std::vector<std::string>{"rsa", "dh", "ec", "x25519", "ed25519"});
  CHECK(d.param("algo")->default_value == "rsa");
  CHECK(d.param("bits")->default_value == "2048");
  CHECK(d.param("bits")->only_if.param == "algo");
  CHECK(d.param("bits")->only_if.words == std::vector<std::string>{"rsa", "dh", "ec"});
  CHECK(d.param("backend")->default_value == "openssl");
  CHECK(d.param("threads")->default_value == "1,2");
  CHECK(d.param("threads")->max == 1024); // as actorbench keygen's validator had it
  CHECK(d.param("keys")->default_value == "20");
  CHECK_FALSE(d.param("keys")->scan);
  CHECK(d.param("dump-keys")->type == param_type::text);
  CHECK(d.param("dump-keys")->writes_file);
  CHECK(d.defaults.runs == 1);
  CHECK(d.defaults.warmup == 0);
  CHECK(d.headline().name == "wall_s_per_key");
  CHECK(d.find_metric("key_s")->per_event);
  REQUIRE(d.checks.size() == 1);
  CHECK(d.checks[0].name == "validation_failures");
  registry reg;
  CHECK(reg.add(make_keygen_scenario()));
}

TEST_CASE("keygen: refine refuses impossible requests and dump paths as before") {
  auto s = make_keygen_scenario();
  auto ec = s->refine({keygen_config("ec", 512)});
  REQUIRE_FALSE(ec);
  CHECK(ec.err().code == errc::bad_input);
  CHECK(starts_with(ec.err().message, "invalid keygen request ec-512 (openssl): "));
  auto sodium = s->refine({keygen_config("rsa", 2048, "sodium")});
  REQUIRE_FALSE(sodium);
  CHECK(starts_with(sodium.err().message, "invalid keygen request rsa-2048 (sodium)"));
  auto dump = s->refine({keygen_config("ec", 256, "openssl", 1, 4, "/no/such/dir/k.pem")});
  REQUIRE_FALSE(dump);
  CHECK(starts_with(dump.err().message, "invalid --dump-keys '/no/such/dir/k.pem'"));
  CHECK(s->refine({keygen_config("x25519", 0, "sodium"), keygen_config("ec", 384)}));
}

TEST_CASE("keygen: memory is estimated per key, more when keys are dumped") {
  auto s = make_keygen_scenario();
  auto plain = s->memory(keygen_config("rsa", 16384, "openssl", 1, 1000));
  auto dumped = s->memory(keygen_config("rsa", 16384, "openssl", 1, 1000, "k.pem"));
  REQUIRE(plain);
  REQUIRE(dumped);
  CHECK(plain->param == "keys");
  CHECK(plain->count == 1000);
  CHECK(dumped->bytes_per_item
        == actorbench::actors::keygen_bytes_per_key(
          {actorbench::crypto::key_algorithm::rsa, 16384, "openssl"}, true));
  CHECK(dumped->bytes_per_item > plain->bytes_per_item);
}

TEST_CASE("keygen: the cost hint weighs larger keys and more rounds") {
  auto s = make_keygen_scenario();
  auto plan = std::vector<configuration>{keygen_config("ec", 256)};
  auto session = s->start(plan);
  REQUIRE(session);
  auto small = (*session)->cost_hint(keygen_config("rsa", 1024, "openssl", 1, 20));
  auto large = (*session)->cost_hint(keygen_config("rsa", 2048, "openssl", 1, 20));
  auto fewer = (*session)->cost_hint(keygen_config("rsa", 2048, "openssl", 1, 10));
  CHECK(large / small == doctest::Approx(std::pow(2.0, 3.5)));
  CHECK(large / fewer == doctest::Approx(2.0));
  CHECK(cell_seconds_estimate(1.0, 20, 2, 2) == doctest::Approx(10.0));
  CHECK(cell_seconds_estimate(1.0, 20, 4, 2) == doctest::Approx(10.0));
  // 10 keys on 4 threads with 4 cores: 3 rounds of 2 s; 8 threads on 2
  // cores: 2 rounds, each 4 times as long.
  CHECK(cell_seconds_estimate(2.0, 10, 4, 4) == doctest::Approx(6.0));
  CHECK(cell_seconds_estimate(1.0, 16, 8, 2) == doctest::Approx(8.0));
  CHECK(cell_seconds_estimate(1.0, 0, 1, 1) == 0);
  CHECK(scaled_key_seconds(actorbench::crypto::key_algorithm::ec, 256, 1.0, 384) == 1.0);
}

TEST_CASE("keygen: calibration times real keys, and refuses bad requests") {
  auto spk = calibrate_key_seconds({actorbench::crypto::key_algorithm::ec, 256, "openssl"},
                                   std::chrono::milliseconds{20});
  REQUIRE(spk);
  CHECK(*spk > 0);
  auto bad = calibrate_key_seconds({actorbench::crypto::key_algorithm::rsa, 100, "openssl"});
  REQUIRE_FALSE(bad);
  CHECK(bad.err().code == errc::bad_input);
}

TEST_CASE("keygen: one real cell generates, times and checks its keys") {
  auto s = make_keygen_scenario();
  auto plan = std::vector<configuration>{keygen_config("ec", 256, "openssl", 2, 5),
                                         keygen_config("x25519", 0, "sodium", 1, 3)};
  plan[1].index = 1;
  auto session = s->start(plan);
  REQUIRE(session);
  for (const auto& c : plan) {
    testing::fake_run_context ctx{c};
    auto r = (*session)->run(ctx);
    REQUIRE(r);
    auto keys = static_cast<std::size_t>(c.integer("keys"));
    CHECK(r->samples.at("key_s").size() == keys);
    CHECK(std::get<std::vector<double>>(r->facts.at("key_worker")).size() == keys);
    auto wall = r->samples.at("cell_wall_s").front();
    CHECK(r->samples.at("wall_s_per_key").front()
          == doctest::Approx(wall / static_cast<double>(keys)));
    CHECK(r->samples.at("thread_s_per_key").front()
          == doctest::Approx(wall * static_cast<double>(c.integer("threads"))
                             / static_cast<double>(keys)));
    CHECK(r->checks.at("validation_failures") == 0);
    CHECK_FALSE(r->partial);
    REQUIRE_FALSE(ctx.progress_seen.empty());
    CHECK(ctx.progress_seen.back() == doctest::Approx(1.0));
  }
}

TEST_CASE("keygen: a cell past the deadline is partial, and --dump-keys is written 0600") {
  auto path = "keygen_scenario_test_keys.pem";
  ::unlink(path);
  auto s = make_keygen_scenario();
  auto plan = std::vector<configuration>{keygen_config("ec", 256, "openssl", 1, 2, path)};
  {
    auto session = s->start(plan);
    REQUIRE(session);
    testing::fake_run_context late{plan[0]};
    late.deadline_at = std::chrono::steady_clock::now() - std::chrono::seconds{1};
    auto cut = (*session)->run(late);
    REQUIRE(cut);
    CHECK(cut->partial);
    CHECK(cut->samples.count("wall_s_per_key") == 0);
    testing::fake_run_context ctx{plan[0]};
    REQUIRE((*session)->run(ctx));
  }
  struct stat st {};
  REQUIRE(::stat(path, &st) == 0);
  CHECK((st.st_mode & 0777) == 0600);
  std::ifstream in{path};
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str().find("PRIVATE KEY") != std::string::npos);
  ::unlink(path);
}

} // namespace actorbench::bench
