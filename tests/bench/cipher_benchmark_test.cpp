#include <doctest/doctest.h>

#include <chrono>
#include <cstring>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "actors/runtime/context_strategy.hpp"
#include "bench/cipher_benchmark.hpp"
#include "bench/cipher_report.hpp"
#include "crypto/registry.hpp"

using namespace actorbench;
using namespace actorbench::bench;
using actors::context_strategy;

namespace {

cipher_case make_case(std::string_view backend, std::string_view cipher, context_strategy ctx,
                      std::size_t size) {
  const auto& reg = crypto::registry::instance();
  auto b = reg.find(backend);
  REQUIRE(b);
  auto c = reg.find_cipher(**b, cipher);
  REQUIRE(c);
  return cipher_case{*b, *c, ctx, size};
}

cipher_bench_settings tiny_settings() {
  cipher_bench_settings s;
  s.warmup_iterations = 1;
  s.iterations = 2;
  s.iteration_time = std::chrono::milliseconds{5};
  return s;
}

std::size_t count_of(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto pos = text.find(what); pos != std::string::npos; pos = text.find(what, pos + 1))
    ++n;
  return n;
}

// A back-end whose decrypt can be told to fail or to write the wrong bytes,
// to show that failures are counted, not ignored.
enum class fault { none, error, wrong_size, wrong_bytes };

class fake_context : public crypto::cipher_context {
 public:
  fake_context(const crypto::cipher_info& info, fault f) : info_(info), fault_(f) {}
  const crypto::cipher_info& info() const noexcept override { return info_; }
  std::unique_ptr<crypto::cipher_context> clone() const override {
    return std::make_unique<fake_context>(info_, fault_);
  }
  crypto::result<std::size_t> encrypt(crypto::bytes_view, crypto::bytes_view in,
                                      std::uint8_t* out) override {
    std::memcpy(out, in.data, in.size);
    return in.size;
  }
  crypto::result<std::size_t> decrypt(crypto::bytes_view, crypto::bytes_view in,
                                      std::uint8_t* out) override {
    switch (fault_) {
      case fault::error:
        return crypto::make_error(crypto::errc::authentication_failed, "fake: tag mismatch");
      case fault::wrong_size:
        return in.size - 1;
      case fault::wrong_bytes:
        std::memset(out, 0x42, in.size);
        return in.size;
      case fault::none:
        break;
    }
    std::memcpy(out, in.data, in.size);
    return in.size;
  }

 private:
  const crypto::cipher_info& info_;
  fault fault_;
};

class fake_backend : public crypto::backend {
 public:
  explicit fake_backend(fault f) : fault_(f), ciphers_{{"fake", 16, 16, 0, false, true, ""}} {}
  std::string_view name() const noexcept override { return "fake"; }
  std::string version() const override { return "fake 1"; }
  bool is_available() const noexcept override { return true; }
  const std::vector<crypto::cipher_info>& ciphers() const noexcept override { return ciphers_; }
  crypto::result<std::unique_ptr<crypto::cipher_context>> make_context(
    std::string_view, crypto::bytes_view) const override {
    return std::unique_ptr<crypto::cipher_context>(
      std::make_unique<fake_context>(ciphers_.front(), fault_));
  }

 private:
  fault fault_;
  std::vector<crypto::cipher_info> ciphers_;
};

cipher_result synthetic(std::string cipher, std::string context, std::size_t size,
                        std::vector<double> ops_per_us) {
  cipher_result r;
  r.backend = "openssl";
  r.cipher = std::move(cipher);
  r.context = std::move(context);
  r.size = size;
  r.threads = 1;
  r.iterations = ops_per_us.size();
  r.iteration_time = std::chrono::milliseconds{200};
  r.ops_per_us = ops_per_us;
  for (double x : ops_per_us) {
    r.ops.push_back(static_cast<std::uint64_t>(x * 200000));
    r.elapsed_us.push_back(200000);
  }
  return r;
}

} // namespace

TEST_CASE("cipher benchmark: every strategy, size, AEAD and sodium cipher, 1 and 2 threads") {
  for (std::size_t threads : {1u, 2u}) {
    CAPTURE(threads);
    auto s = tiny_settings();
    s.threads = threads;
    for (auto ctx :
         {context_strategy::per_message, context_strategy::per_actor, context_strategy::per_thread})
      for (std::size_t size : {12u, 1024u})
        s.cases.push_back(make_case("openssl", "aes-128-ctr", ctx, size));
    s.cases.push_back(make_case("sodium", "xchacha20", context_strategy::per_actor, 64));
    s.cases.push_back(
      make_case("sodium", "chacha20-poly1305-ietf", context_strategy::per_thread, 64));
    s.cases.push_back(make_case("openssl", "aes-128-gcm", context_strategy::per_message, 100));
    s.cases.push_back(make_case("openssl", "chacha20-poly1305", context_strategy::per_actor, 17));

    std::size_t calls = 0, last_done = 0, last_total = 0;
    auto results = run_cipher_benchmarks(s, [&](std::size_t done, std::size_t total) {
      ++calls;
      last_done = done;
      last_total = total;
    });
    REQUIRE(results);
    REQUIRE(results->size() == s.cases.size());
    CHECK(calls == s.cases.size() * 3);
    CHECK(last_done == last_total);
    for (std::size_t i = 0; i < results->size(); ++i) {
      const auto& r = (*results)[i];
      CAPTURE(cipher_label(r));
      CHECK(r.backend == s.cases[i].backend->name());
      CHECK(r.cipher == s.cases[i].cipher->name);
      CHECK(r.context == actors::to_string(s.cases[i].context));
      CHECK(r.size == s.cases[i].size);
      CHECK(r.threads == threads);
      CHECK(r.aead == s.cases[i].cipher->aead);
      REQUIRE(r.ops_per_us.size() == 2);
      REQUIRE(r.ops.size() == 2);
      REQUIRE(r.elapsed_us.size() == 2);
      for (std::size_t k = 0; k < 2; ++k) {
        CHECK(r.ops_per_us[k] > 0);
        CHECK(r.ops[k] > 0);
        CHECK(r.elapsed_us[k] > 0);
        CHECK(r.ops_per_us[k] == doctest::Approx(r.ops[k] / r.elapsed_us[k]));
      }
      CHECK(r.failures == 0);
      CHECK(r.first_failure.empty());
    }
  }
}

TEST_CASE("cipher benchmark: bad settings are bad input") {
  auto good = tiny_settings();
  good.cases.push_back(make_case("openssl", "aes-128-ctr", context_strategy::per_actor, 12));
  auto expect_bad = [](const cipher_bench_settings& s) {
    auto r = run_cipher_benchmarks(s);
    REQUIRE_FALSE(r);
    CHECK(r.err().code == errc::bad_input);
    CHECK_FALSE(r.err().message.empty());
  };
  auto s = good;
  s.cases.clear();
  expect_bad(s);
  s = good;
  s.iterations = 0;
  expect_bad(s);
  s = good;
  s.threads = 0;
  expect_bad(s);
  s = good;
  s.iteration_time = std::chrono::milliseconds{0};
  expect_bad(s);
  s = good;
  s.cases[0].size = 0;
  expect_bad(s);
  s = good;
  s.cases[0].backend = nullptr;
  expect_bad(s);
  s = good;
  s.cases[0].cipher = nullptr;
  expect_bad(s);
  // A cipher of another back-end.
  s = good;
  s.cases[0].cipher = make_case("sodium", "xchacha20", context_strategy::per_actor, 12).cipher;
  expect_bad(s);
  // Zero warm-up is fine.
  s = good;
  s.warmup_iterations = 0;
  CHECK(run_cipher_benchmarks(s));
}

TEST_CASE("cipher benchmark: failed, short and wrong decrypts are counted as failures") {
  for (auto f : {fault::error, fault::wrong_size, fault::wrong_bytes, fault::none}) {
    fake_backend b{f};
    for (auto ctx : {context_strategy::per_message, context_strategy::per_actor,
                     context_strategy::per_thread}) {
      auto s = tiny_settings();
      s.threads = 2;
      s.cases.push_back(cipher_case{&b, &b.ciphers().front(), ctx, 32});
      auto results = run_cipher_benchmarks(s);
      REQUIRE(results);
      const auto& r = results->front();
      if (f == fault::none) {
        CHECK(r.failures == 0);
        CHECK(cipher_warnings(*results).empty());
        continue;
      }
      CHECK(r.failures > 0);
      CHECK_FALSE(r.first_failure.empty());
      if (f == fault::error) {
        // Every decrypt failed (plus the content check of each thread and iteration).
        CHECK(r.failures >= r.ops[0] + r.ops[1]);
        CHECK(r.first_failure.find("tag mismatch") != std::string::npos);
      }
      std::ostringstream out;
      write_cipher_table(*results, 0, out);
      CHECK(out.str().find("warning: fake/fake/") != std::string::npos);
    }
  }
}

TEST_CASE("cipher table: JMH header, one thrpt and one avgt row per case, MB/s table") {
  auto s = tiny_settings();
  s.cases.push_back(make_case("openssl", "aes-128-ctr", context_strategy::per_message, 12));
  s.cases.push_back(make_case("openssl", "aes-128-ctr", context_strategy::per_actor, 12));
  s.cases.push_back(make_case("openssl", "aes-128-gcm", context_strategy::per_thread, 12));
  auto results = run_cipher_benchmarks(s);
  REQUIRE(results);
  std::ostringstream out;
  write_cipher_table(*results, 0, out);
  auto text = out.str();
  INFO(text);
  CHECK(text.find("Benchmark") != std::string::npos);
  CHECK(text.find("Mode  Cnt") != std::string::npos);
  CHECK(text.find("Score") != std::string::npos);
  CHECK(text.find("Error") != std::string::npos);
  CHECK(text.find("Units") != std::string::npos);
  CHECK(count_of(text, "ops/us\n") == 3);
  CHECK(count_of(text, "ns/op\n") == 3);
  CHECK(count_of(text, "MB/s\n") == 3);
  CHECK(count_of(text, " thrpt ") == 6); // ops/us and MB/s
  CHECK(count_of(text, "  avgt ") == 3);
  for (const auto& r : *results) {
    auto label = cipher_label(r);
    CHECK(count_of(text, label + " ") >= 3);
  }
  CHECK(text.find("openssl/aes-128-ctr/per-actor/12: ") != std::string::npos);
  CHECK(text.find("than openssl/aes-128-ctr/per-message/12, p = ") != std::string::npos);
  CHECK(text.find("(fewer than 9 iterations: p is unreliable)") != std::string::npos);
  CHECK(text.find("warning") == std::string::npos);
}

TEST_CASE("cipher table: scores, errors and same-size comparisons of known values") {
  std::vector<cipher_result> results = {
    synthetic("aes-128-ctr", "per-actor", 12, {10, 10, 10, 10, 10, 10, 10, 10, 10}),
    synthetic("aes-128-ctr", "per-actor", 1024, {2, 2, 2, 2, 2, 2, 2, 2, 2}),
    synthetic("aes-256-ctr", "per-actor", 12, {5, 5, 5, 5, 5, 5, 5, 5, 5}),
    synthetic("aes-256-ctr", "per-actor", 1024, {4, 4, 4, 4, 4, 4, 4, 4, 4}),
  };
  auto t = throughput_score(results[0]);
  CHECK(t.score == doctest::Approx(10));
  CHECK(t.error == doctest::Approx(0));
  CHECK(t.units == "ops/us");
  CHECK(average_time_score(results[0]).score == doctest::Approx(100));
  CHECK(average_time_score(results[0]).units == "ns/op");
  CHECK(bytes_score(results[1]).score == doctest::Approx(2048));
  CHECK(bytes_score(results[1]).units == "MB/s");

  auto cmp = compare_cipher_results(results, 0);
  // The 1024-byte aes-128 case is the reference's stand-in, not compared.
  REQUIRE(cmp.size() == 2);
  CHECK(cmp[0].index == 2);
  CHECK(cmp[0].reference == 0);
  CHECK(cmp[0].speed.value == doctest::Approx(2));
  CHECK_FALSE(cmp[0].speed.faster);
  CHECK_FALSE(cmp[0].few_samples);
  CHECK(cmp[1].index == 3);
  CHECK(cmp[1].reference == 1);
  CHECK(cmp[1].speed.value == doctest::Approx(2));
  CHECK(cmp[1].speed.faster); // higher throughput is faster
  CHECK(cmp[1].p_value < 0.01);
  CHECK(compare_cipher_results(results, 4).empty());

  std::ostringstream out;
  write_cipher_table(results, 0, out);
  auto text = out.str();
  INFO(text);
  CHECK(text.find("openssl/aes-256-ctr/per-actor/12: 2.00 \u00b1 0.00x slower than "
                  "openssl/aes-128-ctr/per-actor/12, p = ")
        != std::string::npos);
  CHECK(text.find("openssl/aes-256-ctr/per-actor/1024: 2.00 \u00b1 0.00x faster than "
                  "openssl/aes-128-ctr/per-actor/1024, p = ")
        != std::string::npos);
  CHECK(text.find("p is unreliable") == std::string::npos);
  CHECK(text.find("    10.000 \u00b1   0.000  ops/us") != std::string::npos);
  CHECK(text.find("   100.000 \u00b1   0.000   ns/op") != std::string::npos);
}

TEST_CASE("cipher JSON parses and carries every raw iteration value and both modes") {
  auto s = tiny_settings();
  s.cases.push_back(make_case("openssl", "aes-128-ctr", context_strategy::per_actor, 12));
  s.cases.push_back(make_case("sodium", "xchacha20", context_strategy::per_thread, 1024));
  auto results = run_cipher_benchmarks(s);
  REQUIRE(results);
  machine_info m;
  m.cpu_model = "test cpu";
  std::ostringstream out;
  write_cipher_json(*results, m, out);
  auto doc = nlohmann::json::parse(out.str());
  CHECK(doc.at("machine").at("cpu_model") == "test cpu");
  CHECK(doc.at("tool").at("benchmark") == "cipher");
  const auto& items = doc.at("results");
  REQUIRE(items.size() == 2);
  for (std::size_t i = 0; i < 2; ++i) {
    const auto& r = (*results)[i];
    const auto& x = items.at(i);
    CHECK(x.at("benchmark") == cipher_label(r));
    CHECK(x.at("params").at("backend") == r.backend);
    CHECK(x.at("params").at("cipher") == r.cipher);
    CHECK(x.at("params").at("context") == r.context);
    CHECK(x.at("params").at("size") == r.size);
    CHECK(x.at("params").at("threads") == 1);
    CHECK(x.at("iterations") == 2);
    CHECK(x.at("warmup_iterations") == 1);
    CHECK(x.at("iteration_time_ms") == 5);
    REQUIRE(x.at("raw").at("ops_per_us").size() == 2);
    for (std::size_t k = 0; k < 2; ++k) {
      CHECK(x.at("raw").at("ops_per_us").at(k).get<double>() == doctest::Approx(r.ops_per_us[k]));
      CHECK(x.at("raw").at("ops").at(k).get<std::uint64_t>() == r.ops[k]);
    }
    const auto& modes = x.at("modes");
    CHECK(modes.at("thrpt").at("units") == "ops/us");
    CHECK(modes.at("avgt").at("units") == "ns/op");
    CHECK(modes.at("bytes").at("units") == "MB/s");
    CHECK(modes.at("thrpt").at("raw").size() == 2);
    CHECK(modes.at("avgt").at("raw").size() == 2);
    CHECK(modes.at("thrpt").at("score").get<double>()
          == doctest::Approx(throughput_score(r).score));
    CHECK(modes.at("avgt").at("error").get<double>()
          == doctest::Approx(average_time_score(r).error));
    CHECK(x.at("failures") == 0);
  }
  CHECK_FALSE(items.at(0).contains("relative"));
  CHECK(items.at(1).at("relative").at("reference") == 0);
}

TEST_CASE("cipher CSV and Markdown have one row per case and mode") {
  std::vector<cipher_result> results = {
    synthetic("aes-128-ctr", "per-message", 12, {1, 1.1, 0.9}),
    synthetic("aes-128-ctr", "per-actor", 12, {20, 21, 19}),
  };
  std::ostringstream csv;
  write_cipher_csv(results, csv);
  auto text = csv.str();
  CHECK(count_of(text, "\n") == 5);
  CHECK(text.rfind("benchmark,backend,cipher,context,size,threads,mode,", 0) == 0);
  CHECK(count_of(text, ",thrpt,") == 2);
  CHECK(count_of(text, ",avgt,") == 2);
  CHECK(text.find("openssl/aes-128-ctr/per-actor/12,openssl,aes-128-ctr,per-actor,12,1,thrpt,3,"
                  "20.000000,")
        != std::string::npos);

  std::ostringstream md;
  write_cipher_markdown(results, 0, md);
  auto m = md.str();
  INFO(m);
  CHECK(count_of(m, "| thrpt |") == 2);
  CHECK(count_of(m, "| avgt |") == 2);
  CHECK(m.find("| Benchmark | Mode | Cnt | Score | Error | Units |") != std::string::npos);
  CHECK(m.find("x faster than openssl/aes-128-ctr/per-message/12") != std::string::npos);

  std::ostringstream dispatched;
  write_cipher_report(results, 0, machine_info{}, output_format::csv, dispatched);
  CHECK(dispatched.str() == text);
}
