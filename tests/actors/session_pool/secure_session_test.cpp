#include <doctest/doctest.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <caf/event_based_actor.hpp>
#include <caf/exit_reason.hpp>
#include <caf/send.hpp>

#include "actors/runtime/runtime.hpp"
#include "actors/session_pool/handshake.hpp"
#include "actors/session_pool/session_pool.hpp"
#include "crypto/registry.hpp"

using namespace actorbench;

namespace {

/// What the handler received, readable from the test thread.
struct secure_inbox {
  std::mutex mtx;
  std::vector<std::string> got;
  std::vector<caf::atom_value> rejected;
};

caf::behavior secure_handler(caf::event_based_actor*, std::shared_ptr<secure_inbox> box) {
  return {
    [box](std::uint32_t, const crypto::bytes& text) {
      std::lock_guard<std::mutex> guard{box->mtx};
      box->got.emplace_back(text.begin(), text.end());
    },
    [box](actors::rejected_atom, std::uint32_t, caf::atom_value reason) {
      std::lock_guard<std::mutex> guard{box->mtx};
      box->rejected.push_back(reason);
    },
  };
}

/// Waits (at most 30 s) until the pool has handled `n` packets.
bool handled_all(const actors::session_pool& pool, std::uint64_t n) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds{30};
  while (pool.metrics().handled() < n) {
    if (std::chrono::steady_clock::now() > deadline)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds{1});
  }
  return true;
}

} // namespace

TEST_CASE(
  "secure sessions: handshake keys, replays and stale packets counted apart from forgeries") {
  actors::runtime rt{{2, "stealing", {}}};
  auto box = std::make_shared<secure_inbox>();
  caf::actor handler = rt.system().spawn(secure_handler, box);
  const auto& b = **crypto::registry::instance().find("sodium");
  const auto* c = b.find_cipher("chacha20-poly1305");
  const auto& ka = **crypto::find_key_agreement("sodium");
  actors::session_pool_config cfg;
  cfg.backend = &b;
  cfg.cipher = c;
  cfg.handler = handler;
  cfg.report_rejections = true;
  auto pool = std::move(*actors::session_pool::create(rt.system(), std::move(cfg)));

  // The handshake; the server's receive half goes into the pool.
  auto identity = actors::server_identity::generate(ka);
  auto client_hs = actors::client_handshake::begin(ka, identity->public_key);
  auto accepted = actors::respond(ka, *identity, client_hs->hello(), nullptr, 0);
  REQUIRE(accepted);
  auto client_keys = client_hs->finish(accepted->reply);
  REQUIRE(client_keys);
  actors::rekey_policy policy;
  auto client = actors::secure_channel::create(b, *c, std::move(*client_keys), policy);
  auto receiver = actors::channel_receiver::create(b, *c, accepted->keys.receive, policy.grace);
  REQUIRE(receiver);
  auto id = pool->open_secure(std::move(*receiver));
  REQUIRE(id);
  CHECK(pool->key(*id).empty());

  std::vector<crypto::bytes> sent;
  for (int i = 0; i < 5000; ++i)
    sent.push_back(*client->seal(std::string_view{std::to_string(i)}));
  crypto::bytes forged = sent[4999];
  forged.back() ^= 1;
  // Random bytes claiming an epoch the session has no key for.
  crypto::bytes stranger(40, 0x33);
  stranger[0] = 200;
  // In order: the newest, three reordered ones, a replay, a stale one, a
  // forgery, a short packet and a forgery of an unknown epoch.
  for (int i : {4999, 4998, 4000, 1000})
    REQUIRE(pool->deliver(*id, sent[i]));
  pool->deliver(*id, sent[4000]);
  pool->deliver(*id, sent[10]);
  pool->deliver(*id, forged);
  pool->deliver(*id, crypto::bytes(5));
  pool->deliver(*id, stranger);
  REQUIRE(handled_all(*pool, 9));
  const auto m = pool->metrics();
  CHECK(m.decrypted == 4);
  CHECK(m.duplicates == 1);
  CHECK(m.too_old == 1);
  CHECK(m.auth_failures == 2);
  CHECK(m.malformed == 1);
  CHECK(m.failures() == 5);
  CHECK(m.in_flight == 0);
  // The handler's messages come after the counts; wait for them too.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds{30};
  for (;;) {
    {
      std::lock_guard<std::mutex> guard{box->mtx};
      if (box->rejected.size() == 5 || std::chrono::steady_clock::now() > deadline)
        break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds{1});
  }
  {
    std::lock_guard<std::mutex> guard{box->mtx};
    CHECK(box->got == std::vector<std::string>{"4999", "4998", "4000", "1000"});
    CHECK(box->rejected
          == std::vector<caf::atom_value>{actors::replayed_atom::value, actors::stale_atom::value,
                                          actors::forged_atom::value, actors::malformed_atom::value,
                                          actors::forged_atom::value});
  }
  CHECK(pool->close(*id));
  CHECK(!pool->deliver(*id, sent[0]));
  CHECK(pool->stop());
  CHECK(pool->metrics().sessions == 0);
  pool.reset();
  caf::anon_send_exit(handler, caf::exit_reason::user_shutdown);
}
