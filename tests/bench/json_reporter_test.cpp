#include <doctest/doctest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "bench/reporter.hpp"

using namespace actorbench::bench;

TEST_CASE("the JSON report carries every sample, the parameters, stats and payload") {
  fanout_result r;
  r.procs = 100;
  r.crypto = true;
  r.backend = "openssl";
  r.cipher = "aes-128-ctr";
  r.runs = 3;
  r.threads = 2;
  r.policy = "stealing";
  r.samples_s = {0.3, 0.1, 0.2};
  r.spawn_s = {0.05, 0.05, 0.05};
  r.teardown_s = {0.31, 0.11, 0.21};
  r.payload.plaintext = "Hello World!";
  r.payload.ciphertext = {0xd3, 0x3b};
  report rep{"0.0.0", "system", "abc123", machine_info{}, {r}, 0, {}};
  std::ostringstream out;
  make_json_reporter()->write(rep, out);
  auto doc = nlohmann::json::parse(out.str());
  const auto& x = doc.at("results").at(0);
  CHECK(x.at("scenario") == "fanout");
  CHECK(x.at("params").at("procs") == 100);
  CHECK(x.at("params").at("crypto") == "on");
  CHECK(x.at("samples_s").size() == 3);
  CHECK(x.at("stats").at("median").get<double>() == doctest::Approx(0.2));
  CHECK(x.at("stats").at("min").get<double>() == doctest::Approx(0.1));
  CHECK(x.at("stats").at("max").get<double>() == doctest::Approx(0.3));
  CHECK(x.at("mismatches") == 0);
  CHECK(x.at("payload").at("ciphertext_hex") == "d33b");
  CHECK(doc.at("machine").contains("cpu_model"));
  CHECK(doc.at("tool").at("git_commit") == "abc123");
}

TEST_CASE("the console table has the seed's rows") {
  fanout_result r;
  r.procs = 10;
  r.samples_s = {1, 2, 3};
  r.spawn_s = r.teardown_s = r.samples_s;
  std::ostringstream out;
  make_console_reporter()->write(report{"0.0.0", "system", "abc123", machine_info{}, {r}, 0, {}},
                                 out);
  for (auto row : {"average (s)", "maximum (s)", "minimum (s)", "median (s)", "std dev (s)",
                   "actors/s", "spawn done", "teardown done", "mismatches"})
    CHECK(out.str().find(row) != std::string::npos);
}

TEST_CASE(
  "the console header names the cipher context strategy when every crypto-on run shares it") {
  auto run = [](bool crypto, std::string context) {
    fanout_result r;
    r.procs = 10;
    r.crypto = crypto;
    r.context = std::move(context);
    r.samples_s = {1, 2, 3};
    r.spawn_s = r.teardown_s = r.samples_s;
    return r;
  };
  auto header = [](std::vector<fanout_result> results) {
    std::ostringstream out;
    make_console_reporter()->write(
      report{"0.0.0", "system", "abc123", machine_info{}, std::move(results), 0, {}}, out);
    return out.str().substr(0, out.str().find("\n\n"));
  };
  CHECK(
    header({run(false, "per-thread"), run(true, "per-thread")}).find("cipher contexts per-thread")
    != std::string::npos);
  CHECK(header({run(true, "per-actor"), run(true, "per-thread")}).find("cipher contexts")
        == std::string::npos);
  CHECK(header({run(false, "per-thread")}).find("cipher contexts") == std::string::npos);
}
