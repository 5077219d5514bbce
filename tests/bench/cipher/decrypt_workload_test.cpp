#include <doctest/doctest.h>

#include <chrono>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "bench/cipher/decrypt_workload.hpp"

using namespace actorbench;
using namespace actorbench::bench;
using actors::context_strategy;

namespace {

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
