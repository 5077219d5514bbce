// The library's own multi-threaded code that does not go through CAF, on
// plain threads: ThreadSanitizer checks these (config/sanitize tsan), which
// it cannot do meaningfully for code inside actors, since Debian's CAF is not
// instrumented (see config/sanitize).
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "actors/runtime/countdown_latch.hpp"
#include "actors/runtime/thread_context_cache.hpp"
#include "crypto/registry.hpp"

using namespace actorbench;

TEST_CASE("a countdown latch counted down from many threads wakes its waiter once, at zero") {
  constexpr std::size_t threads = 8, per_thread = 1000;
  actors::countdown_latch latch{threads * per_thread};
  auto before = actors::countdown_latch::clock::now();
  std::atomic<bool> early_wake{false};
  std::thread waiter{[&] {
    if (!latch.wait_for(std::chrono::seconds{30}) || latch.remaining() != 0)
      early_wake = true;
  }};
  std::vector<std::thread> workers;
  for (std::size_t t = 0; t < threads; ++t)
    workers.emplace_back([&] {
      for (std::size_t i = 0; i < per_thread; ++i)
        latch.count_down();
    });
  for (auto& w : workers)
    w.join();
  waiter.join();
  CHECK_FALSE(early_wake.load());
  CHECK(latch.remaining() == 0);
  CHECK(latch.reached_at() >= before);
}

TEST_CASE("a countdown latch wait gives up at its limit") {
  actors::countdown_latch latch{2};
  std::thread one{[&] { latch.count_down(); }};
  one.join();
  CHECK_FALSE(latch.wait_for(std::chrono::milliseconds{20}));
  CHECK(latch.remaining() == 1);
}

TEST_CASE("threads decrypting with their cached contexts at once each get their own") {
  const auto& openssl = **crypto::registry::instance().find("openssl");
  const auto& cipher = openssl.ciphers().front();
  crypto::bytes key(cipher.key_size, 0x42), nonce(cipher.nonce_size, 0);
  auto prototype = openssl.make_context(cipher.name, key);
  REQUIRE(prototype);
  const std::string text = "shared by nobody";
  crypto::bytes ciphertext(text.size() + cipher.overhead);
  REQUIRE((*prototype)->encrypt(nonce, std::string_view{text}, ciphertext.data()));

  constexpr std::size_t threads = 4, rounds = 200;
  std::vector<const crypto::cipher_context*> contexts(threads);
  std::vector<std::size_t> good(threads, 0);
  // Each thread stays until all have their contexts: a finished thread's
  // cache is freed and its address could be handed to the next one.
  std::atomic<std::size_t> done{0};
  std::vector<std::thread> workers;
  for (std::size_t t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      for (std::size_t i = 0; i < rounds; ++i) {
        auto* ctx = actors::thread_cached_context(openssl, cipher, key, **prototype);
        if (ctx == nullptr || (i > 0 && ctx != contexts[t]))
          break;
        contexts[t] = ctx;
        std::string out(ciphertext.size(), '\0');
        auto n = ctx->decrypt(nonce, ciphertext, reinterpret_cast<std::uint8_t*>(out.data()));
        if (n && out.substr(0, *n) == text)
          ++good[t];
      }
      ++done;
      auto limit = std::chrono::steady_clock::now() + std::chrono::seconds{30};
      while (done.load() < threads && std::chrono::steady_clock::now() < limit)
        std::this_thread::yield();
    });
  for (auto& w : workers)
    w.join();
  for (std::size_t t = 0; t < threads; ++t) {
    CHECK(good[t] == rounds);
    for (std::size_t u = t + 1; u < threads; ++u)
      CHECK(contexts[t] != contexts[u]);
  }
}
