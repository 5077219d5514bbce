#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "bench/scenarios/cipher/decrypt_workload.hpp"

namespace actorbench::bench {
using actors::context_strategy;

namespace {

// The decrypt faults, and the same three for encrypt.
enum class fault {
  none,
  error,
  wrong_size,
  wrong_bytes,
  encrypt_error,
  encrypt_wrong_size,
  encrypt_wrong_bytes
};

class faulty_cipher_context : public crypto::cipher_context {
 public:
  faulty_cipher_context(const crypto::cipher_info& info, fault f) : info_(info), fault_(f) {}
  const crypto::cipher_info& info() const noexcept override { return info_; }
  std::unique_ptr<crypto::cipher_context> clone() const override {
    return std::make_unique<faulty_cipher_context>(info_, fault_);
  }
  crypto::result<std::size_t> encrypt(crypto::bytes_view, crypto::bytes_view in,
                                      std::uint8_t* out) override {
    switch (fault_) {
      case fault::encrypt_error:
        return crypto::make_error(crypto::errc::backend_failure, "fake: cannot seal");
      case fault::encrypt_wrong_size:
        std::memcpy(out, in.data, in.size);
        return in.size + 1;
      case fault::encrypt_wrong_bytes:
        std::memset(out, 0x42, in.size);
        return in.size;
      default:
        break;
    }
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
      default:
        break;
    }
    std::memcpy(out, in.data, in.size);
    return in.size;
  }

 private:
  const crypto::cipher_info& info_;
  fault fault_;
};

// The first context made (the workload's reference encryptor and checker)
// has `reference`, every later one `f`.
class fake_backend : public crypto::backend {
 public:
  explicit fake_backend(fault f) : fake_backend(f, f) {}
  fake_backend(fault f, fault reference)
    : fault_(f), reference_(reference), ciphers_{{"fake", 16, 16, 0, false, true, ""}} {}
  std::string_view name() const noexcept override { return "fake"; }
  std::string version() const override { return "fake 1"; }
  bool is_available() const noexcept override { return true; }
  const std::vector<crypto::cipher_info>& ciphers() const noexcept override { return ciphers_; }
  crypto::result<std::unique_ptr<crypto::cipher_context>> make_context(
    std::string_view, crypto::bytes_view) const override {
    return std::unique_ptr<crypto::cipher_context>(std::make_unique<faulty_cipher_context>(
      ciphers_.front(), made_++ == 0 ? reference_ : fault_));
  }

 private:
  fault fault_;
  fault reference_;
  mutable std::atomic<std::size_t> made_{0};
  std::vector<crypto::cipher_info> ciphers_;
};

} // namespace

TEST_CASE("decrypt workload: failed, short and wrong decrypts are counted as failures") {
  for (auto f : {fault::error, fault::wrong_size, fault::wrong_bytes, fault::none}) {
    fake_backend b{f};
    for (auto ctx : {context_strategy::per_message, context_strategy::per_actor,
                     context_strategy::per_thread}) {
      CAPTURE(static_cast<int>(f));
      auto w = decrypt_workload::prepare({&b, &b.ciphers().front(), ctx, 32, 2});
      REQUIRE(w);
      auto r = (*w)->run(std::chrono::milliseconds{5});
      REQUIRE(r);
      CHECK(r->ops > 0);
      if (f == fault::none) {
        CHECK(r->failures == 0);
        CHECK(r->first_failure.empty());
        continue;
      }
      CHECK(r->failures > 0);
      CHECK_FALSE(r->first_failure.empty());
      if (f == fault::error) {
        // Every decrypt failed (plus the content check of each thread).
        CHECK(r->failures >= r->ops);
        CHECK(r->first_failure.find("tag mismatch") != std::string::npos);
      }
    }
  }
}

namespace {

constexpr context_strategy every_strategy[] = {
  context_strategy::per_message, context_strategy::per_actor, context_strategy::per_thread};

// One 5 ms iteration of a 32-byte case on two threads.
decrypt_iteration run_once(fake_backend& b, context_strategy ctx, cipher_direction d) {
  auto w = decrypt_workload::prepare({&b, &b.ciphers().front(), ctx, 32, 2, d});
  REQUIRE(w);
  auto r = (*w)->run(std::chrono::milliseconds{5});
  REQUIRE(r);
  CHECK(r->ops > 0);
  return *r;
}

} // namespace

TEST_CASE("encrypt workload: failed, short and wrong encrypts are counted as failures") {
  for (auto f :
       {fault::encrypt_error, fault::encrypt_wrong_size, fault::encrypt_wrong_bytes, fault::none}) {
    for (auto ctx : every_strategy) {
      CAPTURE(static_cast<int>(f));
      CAPTURE(static_cast<int>(ctx));
      // A sound reference, so that only the timed encrypts are broken.
      fake_backend b{f, fault::none};
      auto r = run_once(b, ctx, cipher_direction::encrypt);
      if (f == fault::none) {
        CHECK(r.failures == 0);
        CHECK(r.first_failure.empty());
        continue;
      }
      CHECK(r.failures > 0);
      if (f == fault::encrypt_error) {
        CHECK(r.failures >= r.ops);
        CHECK(r.first_failure.find("cannot seal") != std::string::npos);
      }
      if (f == fault::encrypt_wrong_bytes)
        CHECK(r.first_failure == "the encrypted message differs from the reference ciphertext");
    }
  }
}

TEST_CASE("encrypt workload: a wrong reference ciphertext fails both directions' checks") {
  for (auto d : {cipher_direction::encrypt, cipher_direction::decrypt}) {
    for (auto ctx : every_strategy) {
      CAPTURE(static_cast<int>(d));
      CAPTURE(static_cast<int>(ctx));
      // The reference encryptor writes garbage; the timed contexts are sound.
      fake_backend b{fault::none, fault::encrypt_wrong_bytes};
      auto r = run_once(b, ctx, d);
      // Exactly the content check of each of the two threads.
      CHECK(r.failures == 2);
      CHECK(r.first_failure
            == (d == cipher_direction::encrypt
                  ? "the encrypted message differs from the reference ciphertext"
                  : "the decrypted message differs from the plaintext"));
    }
  }
}

TEST_CASE("encrypt workload: an encrypt that does not decrypt back is caught") {
  // Encrypt and the reference agree, but decrypting the output gives garbage.
  fake_backend b{fault::wrong_bytes};
  auto r = run_once(b, context_strategy::per_actor, cipher_direction::encrypt);
  CHECK(r.failures == 2);
  CHECK(r.first_failure == "the encrypted message does not decrypt to the plaintext");
}

TEST_CASE("encrypt workload: the description names the direction") {
  fake_backend b{fault::none};
  auto w = decrypt_workload::prepare(
    {&b, &b.ciphers().front(), context_strategy::per_actor, 12, 1, cipher_direction::encrypt});
  REQUIRE(w);
  CHECK((*w)->describe() == "fake/fake/per-actor/12/encrypt");
}

} // namespace actorbench::bench
