#include <doctest/doctest.h>

#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/suite_fault.hpp"
#include "crypto/registry.hpp"

namespace actorbench::actors {

namespace {

std::shared_ptr<seal_keys> keys_for(const char* backend, const char* cipher, std::size_t bytes) {
  auto b = actorbench::crypto::registry::instance().find(backend);
  REQUIRE(b);
  const auto* info = (*b)->find_cipher(cipher);
  REQUIRE(info != nullptr);
  auto keys = seal_keys::make(**b, *info, bytes);
  REQUIRE(keys);
  return *keys;
}

} // namespace

TEST_CASE("sealed messages open once, in order, under every suite cipher") {
  for (const auto& suite :
       {std::pair{"openssl", "aes-128-gcm"}, std::pair{"openssl", "chacha20-poly1305"},
        std::pair{"sodium", "chacha20-poly1305"}}) {
    // Named copies: clang 14 cannot capture structured bindings in CAPTURE.
    const char* backend = suite.first;
    const char* cipher = suite.second;
    auto b = actorbench::crypto::registry::instance().find(backend);
    if (!b || (*b)->find_cipher(cipher) == nullptr || !(*b)->find_cipher(cipher)->available)
      continue;
    CAPTURE(cipher);
    auto keys = keys_for(backend, cipher, 64);
    message_sealer a{keys.get(), 1};
    message_sealer b2{keys.get(), 2};
    message_opener receiver{keys.get(), 4};
    for (int i = 0; i < 200; ++i) {
      auto pa = a.seal();
      auto pb = b2.seal();
      REQUIRE(pa);
      REQUIRE(pb);
      CHECK(pa->bytes.size() == 64 + keys->cipher()->overhead);
      CHECK(receiver.open(*pa) == open_verdict::ok);
      CHECK(receiver.open(*pb) == open_verdict::ok);
    }
    CHECK(receiver.forged() == 0);
    CHECK(receiver.replayed() == 0);
  }
}

TEST_CASE(
  "a forged, replayed or foreign payload is counted, and the next genuine one still opens") {
  auto keys = keys_for("openssl", "aes-128-gcm", 64);
  message_sealer sender{keys.get(), 7};
  message_opener receiver{keys.get()};
  auto first = sender.seal();
  auto second = sender.seal();
  REQUIRE(first);
  REQUIRE(second);
  auto forged = *first;
  forge(forged);
  CHECK(receiver.open(forged) == open_verdict::forged);
  CHECK(receiver.open(*first) == open_verdict::ok);
  CHECK(receiver.open(*first) == open_verdict::replayed);
  // A payload claiming another sender's nonce fails its tag.
  auto moved = *second;
  moved.sender = 8;
  CHECK(receiver.open(moved) == open_verdict::forged);
  CHECK(receiver.open(*second) == open_verdict::ok);
  // Sealed under another run's key.
  auto other_keys = keys_for("openssl", "aes-128-gcm", 64);
  message_sealer stranger{other_keys.get(), 7};
  for (int i = 0; i < 5; ++i)
    REQUIRE(stranger.seal());
  auto foreign = stranger.seal();
  REQUIRE(foreign);
  CHECK(receiver.open(*foreign) == open_verdict::forged);
  CHECK(receiver.forged() == 3);
  CHECK(receiver.replayed() == 1);
}

TEST_CASE("crypto off still catches a replayed counter, and totals add up") {
  seal_totals totals;
  {
    auto keys = std::make_shared<seal_keys>();
    {
      message_sealer sender{keys.get(), 0};
      message_opener receiver{keys.get(), 1};
      auto p = sender.seal();
      REQUIRE(p);
      CHECK(p->bytes.empty());
      CHECK(receiver.open(*p) == open_verdict::ok);
      CHECK(receiver.open(*p) == open_verdict::replayed);
    }
    totals = keys->totals();
  }
  CHECK(totals.replayed == 1);
  CHECK(totals.forged == 0);

  auto keys = keys_for("openssl", "aes-128-gcm", 16);
  {
    message_sealer sender{keys.get(), 3};
    message_opener receiver{keys.get()};
    for (std::uint64_t i = 0; i < 3 * seal_keys::sample_every; ++i) {
      auto p = sender.seal();
      REQUIRE(p);
      REQUIRE(receiver.open(*p) == open_verdict::ok);
    }
  }
  auto on = keys->totals();
  CHECK(on.seals == 3 * seal_keys::sample_every);
  CHECK(on.opens == 3 * seal_keys::sample_every);
  CHECK(on.seal_ns > 0);
  CHECK(on.open_ns > 0);
  CHECK(on.forged + on.replayed == 0);
}

TEST_CASE("a cipher without a tag is refused") {
  auto b = actorbench::crypto::registry::instance().find("openssl");
  REQUIRE(b);
  const auto* ctr = (*b)->find_cipher("aes-128-ctr");
  REQUIRE(ctr != nullptr);
  auto keys = seal_keys::make(**b, *ctr, 64);
  REQUIRE_FALSE(keys);
  CHECK(keys.err().detail.find("not an AEAD cipher") != std::string::npos);
}

TEST_CASE("an opener with a dense base catches replays inside and outside its dense ids") {
  seal_keys off;
  // Ids 100..103 dense (a spawn-tree parent's four children), others mapped.
  message_opener receiver{&off, 4, 100};
  for (std::uint32_t sender : {99u, 100u, 103u, 104u, 7u}) {
    CAPTURE(sender);
    message_sealer sealer{&off, sender};
    auto first = sealer.seal();
    REQUIRE(first);
    CHECK(receiver.open(*first) == open_verdict::ok);
    CHECK(receiver.open(*first) == open_verdict::replayed);
  }
  CHECK(receiver.replayed() == 5);
}

TEST_CASE("the inline crypto-off paths count and check as seal() and open() do") {
  seal_totals totals;
  {
    seal_keys off;
    {
      message_sealer sealer{&off, 1};
      REQUIRE(sealer.plain());
      // Sender 1 dense, sender 5 mapped: the inline path and its fallback.
      message_opener receiver{&off, 2};
      const auto first = sealer.next_plain();
      CHECK(sealer.next_plain() == first + 1);
      CHECK(receiver.open_plain(1, first + 1) == open_verdict::ok);
      CHECK(receiver.open_plain(1, first) == open_verdict::replayed);
      CHECK(receiver.open_plain(5, 0) == open_verdict::ok);
      CHECK(receiver.open_plain(5, 0) == open_verdict::replayed);
      CHECK(receiver.replayed() == 2);
    }
    totals = off.totals();
  }
  CHECK(totals.seals == 2);
  CHECK(totals.replayed == 2);
  // Crypto on: an empty payload is never authentic, inline or not.
  auto on = keys_for("openssl", "aes-128-gcm", 16);
  message_sealer sealer{on.get(), 0};
  CHECK_FALSE(sealer.plain());
  message_opener receiver{on.get(), 1};
  CHECK(receiver.open_plain(0, 0) == open_verdict::forged);
}

} // namespace actorbench::actors
