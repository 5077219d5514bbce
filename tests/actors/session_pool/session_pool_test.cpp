#include <doctest/doctest.h>

#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <caf/event_based_actor.hpp>
#include <caf/exit_reason.hpp>
#include <caf/send.hpp>

#include "actors/runtime/runtime.hpp"
#include "actors/session_pool/session_pool.hpp"
#include "crypto/cipher_context.hpp"
#include "crypto/registry.hpp"

using namespace actorbench;

namespace {

constexpr std::size_t sessions = 200;

/// What the handler actor received, readable from the test thread.
struct inbox {
  std::mutex mtx;
  std::vector<std::pair<std::uint32_t, std::string>> got;
  std::vector<std::pair<std::uint32_t, caf::atom_value>> rejected;

  std::size_t size() {
    std::lock_guard<std::mutex> guard{mtx};
    return got.size();
  }
};

caf::behavior recording_handler(caf::event_based_actor*, std::shared_ptr<inbox> box) {
  return {
    [box](std::uint32_t id, const crypto::bytes& text) {
      std::lock_guard<std::mutex> guard{box->mtx};
      box->got.emplace_back(id, std::string(text.begin(), text.end()));
    },
    [box](actors::rejected_atom, std::uint32_t id, caf::atom_value reason) {
      std::lock_guard<std::mutex> guard{box->mtx};
      box->rejected.emplace_back(id, reason);
    },
  };
}

/// Polls `done` every millisecond for at most 30 s.
bool eventually(const std::function<bool()>& done) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds{30};
  while (!done()) {
    if (std::chrono::steady_clock::now() > deadline)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds{1});
  }
  return true;
}

const crypto::backend& backend(std::string_view name) {
  return **crypto::registry::instance().find(name);
}

/// A packet for a session with `key`: nonce (from `counter`) + ciphertext || tag.
crypto::bytes seal(const crypto::backend& b, const crypto::cipher_info& c, const crypto::bytes& key,
                   const std::string& text, std::uint64_t counter) {
  auto ctx = b.make_context(c.name, key);
  REQUIRE(ctx);
  crypto::bytes packet(c.nonce_size + text.size() + c.overhead, 0);
  for (std::size_t i = 0; i < 8 && i < c.nonce_size; ++i)
    packet[i] = static_cast<std::uint8_t>(counter >> (8 * i));
  auto* sealed = packet.data() + c.nonce_size;
  auto n = (*ctx)->encrypt({packet.data(), c.nonce_size}, std::string_view(text), sealed);
  REQUIRE(n);
  packet.resize(c.nonce_size + *n);
  return packet;
}

/// A runtime, a recording handler and a pool of `sessions` on them.
struct fixture {
  actors::runtime rt{{2, "stealing", {}}};
  std::shared_ptr<inbox> box = std::make_shared<inbox>();
  caf::actor handler = rt.system().spawn(recording_handler, box);
  const crypto::backend* b;
  const crypto::cipher_info* c;
  std::unique_ptr<actors::session_pool> pool;

  fixture(std::string_view backend_name, std::string_view cipher_name)
    : b(&backend(backend_name)), c(b->find_cipher(cipher_name)) {
    REQUIRE(c != nullptr);
    actors::session_pool_config cfg;
    cfg.sessions = sessions;
    cfg.backend = b;
    cfg.cipher = c;
    cfg.handler = handler;
    cfg.master_key = crypto::bytes(c->key_size, 0x5a);
    auto p = actors::session_pool::create(rt.system(), std::move(cfg));
    REQUIRE_MESSAGE(p, (p ? "" : p.err().detail));
    pool = std::move(*p);
  }

  ~fixture() {
    pool.reset();
    caf::anon_send_exit(handler, caf::exit_reason::user_shutdown);
  }

  crypto::bytes packet_for(std::uint32_t id, const std::string& text, std::uint64_t n = 0) {
    return seal(*b, *c, pool->key(id), text, n);
  }
};

std::string text_for(std::uint32_t id, int k) {
  return "session " + std::to_string(id) + " message " + std::to_string(k);
}

} // namespace

TEST_CASE("every session decrypts its packets and hands them to the handler with its id") {
  for (const auto* b : crypto::registry::instance().backends()) {
    for (const auto& c : b->ciphers()) {
      if (!c.aead || !c.available)
        continue;
      CAPTURE(b->name());
      CAPTURE(c.name);
      fixture f{b->name(), c.name};
      std::map<std::uint32_t, std::multiset<std::string>> expected;
      std::uint64_t bytes = 0;
      for (int k = 0; k < 2; ++k)
        for (std::uint32_t id = 0; id < sessions; ++id) {
          auto text = text_for(id, k);
          expected[id].insert(text);
          bytes += text.size();
          CHECK(f.pool->deliver(id, f.packet_for(id, text, k)));
        }
      // A session hands a message on before it counts it: wait for both.
      REQUIRE(eventually([&] {
        return f.box->size() == 2 * sessions && f.pool->metrics().handled() == 2 * sessions;
      }));
      std::map<std::uint32_t, std::multiset<std::string>> got;
      for (const auto& [id, text] : f.box->got)
        got[id].insert(text);
      CHECK(got == expected);
      auto m = f.pool->metrics();
      CHECK(m.sessions == sessions);
      CHECK(m.delivered == 2 * sessions);
      CHECK(m.decrypted == 2 * sessions);
      CHECK(m.bytes == bytes);
      CHECK(m.failures() == 0);
      CHECK(m.in_flight == 0);
    }
  }
}

TEST_CASE("each session has its own key: a packet for one session fails at another") {
  fixture f{"openssl", "aes-128-gcm"};
  CHECK(f.pool->key(0) != f.pool->key(1));
  CHECK(f.pool->key(0).size() == 16);
  CHECK(f.pool->deliver(1, f.packet_for(0, "for session 0")));
  CHECK(f.pool->deliver(1, f.packet_for(1, "for session 1")));
  REQUIRE(eventually([&] { return f.pool->metrics().handled() == 2; }));
  auto m = f.pool->metrics();
  CHECK(m.auth_failures == 1);
  CHECK(m.decrypted == 1);
  // The handler actor gets the packet after the session counted it handled.
  REQUIRE(eventually([&] { return f.box->size() == 1; }));
  CHECK(f.box->got[0] == std::make_pair(std::uint32_t{1}, std::string("for session 1")));
}

TEST_CASE("keys derived from one master key are the same in every pool") {
  fixture f{"sodium", "xchacha20-poly1305"};
  fixture g{"sodium", "xchacha20-poly1305"};
  for (std::uint32_t id : {0u, 1u, 199u})
    CHECK(f.pool->key(id) == g.pool->key(id));
}

TEST_CASE("tampered and truncated packets are counted as failures and never reach the handler") {
  fixture f{"openssl", "aes-128-gcm"};
  const auto& c = *f.c;
  const std::string text = "move north";
  auto good = f.packet_for(7, text, 1);
  std::vector<crypto::bytes> bad;
  for (std::size_t at : {c.nonce_size + 2, good.size() - 1, std::size_t{3}}) {
    // ciphertext, tag, nonce
    auto p = good;
    p[at] ^= 0x04;
    bad.push_back(p);
  }
  bad.emplace_back(good.begin(), good.begin() + static_cast<long>(c.nonce_size + c.overhead - 1));
  bad.emplace_back();
  for (auto& p : bad)
    CHECK(f.pool->deliver(7, p));
  // Sessions handle their packets in order: the good one comes last.
  CHECK(f.pool->deliver(7, good));
  REQUIRE(eventually([&] { return f.pool->metrics().handled() == bad.size() + 1; }));
  auto m = f.pool->metrics();
  CHECK(m.auth_failures == 3);
  CHECK(m.malformed == 2);
  CHECK(m.failures() == 5);
  CHECK(m.decrypted == 1);
  CHECK(m.bytes == text.size());
  CHECK(m.delivered == m.handled());
  CHECK(m.in_flight == 0);
  // The handler actor gets the packet after the session counted it handled.
  REQUIRE(eventually([&] { return f.box->size() == 1; }));
  CHECK(f.box->got[0] == std::make_pair(std::uint32_t{7}, text));
}

TEST_CASE("an unknown session id is refused and not counted") {
  fixture f{"openssl", "aes-256-gcm"};
  CHECK_FALSE(f.pool->deliver(sessions, f.packet_for(0, "x")));
  CHECK_FALSE(f.pool->deliver(0xffffffffu, f.packet_for(0, "x")));
  CHECK(f.pool->metrics().delivered == 0);
}

TEST_CASE("supplied keys are used as given") {
  actors::runtime rt{{1, "stealing", {}}};
  const auto& ossl = backend("openssl");
  const auto* c = ossl.find_cipher("chacha20-poly1305");
  REQUIRE(c != nullptr);
  actors::session_pool_config cfg;
  cfg.sessions = 3;
  cfg.backend = &ossl;
  cfg.cipher = c;
  cfg.handler = rt.system().spawn(recording_handler, std::make_shared<inbox>());
  for (std::uint8_t i = 0; i < 3; ++i)
    cfg.keys.emplace_back(c->key_size, i);
  auto keys = cfg.keys;
  auto handler = cfg.handler;
  auto p = actors::session_pool::create(rt.system(), std::move(cfg));
  REQUIRE(p);
  for (std::uint32_t id = 0; id < 3; ++id)
    CHECK((*p)->key(id) == keys[id]);
  p->reset();
  caf::anon_send_exit(handler, caf::exit_reason::user_shutdown);
}

TEST_CASE("a bad configuration is refused before any session is spawned") {
  actors::runtime rt{{1, "stealing", {}}};
  const auto& ossl = backend("openssl");
  const auto* c = ossl.find_cipher("aes-128-gcm");
  auto handler = rt.system().spawn(recording_handler, std::make_shared<inbox>());
  auto base = [&] {
    actors::session_pool_config cfg;
    cfg.sessions = 4;
    cfg.backend = &ossl;
    cfg.cipher = c;
    cfg.handler = handler;
    cfg.master_key = crypto::bytes(16, 1);
    return cfg;
  };
  auto running = rt.system().registry().running();
  std::vector<actors::session_pool_config> bad(6, base());
  bad[0].cipher = nullptr;
  bad[1].backend = nullptr;
  bad[2].handler = nullptr;
  bad[3].master_key.pop_back();
  bad[4].keys.assign(3, crypto::bytes(16, 2));
  bad[5].keys.assign(4, crypto::bytes(16, 2));
  bad[5].keys[2].push_back(0);
  for (auto& cfg : bad) {
    auto p = actors::session_pool::create(rt.system(), std::move(cfg));
    REQUIRE_FALSE(p);
    CHECK(p.err().code == actors::errc::bad_parameter);
  }
  CHECK(rt.system().registry().running() == running);
  caf::anon_send_exit(handler, caf::exit_reason::user_shutdown);
}

TEST_CASE("stopping or destroying the pool terminates every session, busy or idle") {
  fixture f{"openssl", "aes-128-gcm"};
  auto& sys = f.rt.system();
  auto before = sys.registry().running();
  // A second pool, flooded and destroyed at once: queued packets are dropped.
  {
    actors::session_pool_config cfg;
    cfg.sessions = sessions;
    cfg.backend = f.b;
    cfg.cipher = f.c;
    cfg.handler = f.handler;
    cfg.master_key = crypto::bytes(16, 9);
    auto p = actors::session_pool::create(sys, std::move(cfg));
    REQUIRE(p);
    CHECK(sys.registry().running() == before + sessions);
    auto packet = seal(*f.b, *f.c, (*p)->key(3), "flood", 0);
    for (int k = 0; k < 10000; ++k)
      (*p)->deliver(3, packet);
    auto start = std::chrono::steady_clock::now();
    p->reset();
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds{10});
  }
  CHECK(eventually([&] { return sys.registry().running() == before; }));

  // The fixture's pool, stopped explicitly with a packet in flight.
  CHECK(f.pool->deliver(0, f.packet_for(0, "last")));
  CHECK(f.pool->stop(std::chrono::seconds{10}));
  CHECK(f.pool->metrics().sessions == 0);
  CHECK_FALSE(f.pool->deliver(0, f.packet_for(0, "too late")));
  CHECK(f.pool->stop(std::chrono::milliseconds{1}));
  CHECK(eventually([&] { return sys.registry().running() == before - sessions; }));
}

TEST_CASE("sessions opened at run time get fresh ids and their own keys") {
  fixture f{"openssl", "aes-128-gcm"};
  auto k1 = crypto::bytes(16, 0x11);
  auto id1 = f.pool->open(k1);
  REQUIRE(id1);
  CHECK(*id1 == sessions);
  auto id2 = f.pool->open(crypto::bytes(16, 0x22));
  REQUIRE(id2);
  CHECK(*id2 == sessions + 1);
  CHECK(f.pool->key(*id1) == k1);
  CHECK(f.pool->size() == sessions + 2);
  CHECK(f.pool->metrics().opened == sessions + 2);
  CHECK(f.pool->deliver(*id1, f.packet_for(*id1, "from a new client")));
  CHECK(f.pool->deliver(*id2, f.packet_for(*id1, "under the wrong key")));
  REQUIRE(eventually([&] { return f.pool->metrics().handled() == 2; }));
  auto m = f.pool->metrics();
  CHECK(m.decrypted == 1);
  CHECK(m.auth_failures == 1);
  // The handler actor gets the packet after the session counted it handled.
  REQUIRE(eventually([&] { return f.box->size() == 1; }));
  CHECK(f.box->got[0] == std::make_pair(*id1, std::string("from a new client")));
  // Without report_rejections the handler hears nothing of the failure.
  CHECK(f.box->rejected.empty());
}

TEST_CASE("closing a session handles what was delivered, then frees it, and its id stays unused") {
  actors::runtime rt{{2, "stealing", {}}};
  auto box = std::make_shared<inbox>();
  auto handler = rt.system().spawn(recording_handler, box);
  const auto& ossl = backend("openssl");
  actors::session_pool_config cfg;
  cfg.backend = &ossl;
  cfg.cipher = ossl.find_cipher("chacha20-poly1305");
  cfg.handler = handler;
  auto p = actors::session_pool::create(rt.system(), std::move(cfg));
  REQUIRE_MESSAGE(p, (p ? "" : p.err().detail));
  auto& pool = **p;
  CHECK(pool.size() == 0);
  CHECK(pool.metrics().sessions == 0);
  const auto running = rt.system().registry().running();
  std::vector<std::uint32_t> ids;
  for (std::uint8_t i = 0; i < 50; ++i) {
    auto id = pool.open(crypto::bytes(32, i));
    REQUIRE(id);
    ids.push_back(*id);
  }
  CHECK(pool.metrics().sessions == 50);
  const auto& c = *ossl.find_cipher("chacha20-poly1305");
  for (auto id : ids)
    for (std::uint64_t n = 0; n < 20; ++n)
      CHECK(pool.deliver(id, seal(ossl, c, pool.key(id), "tick", n)));
  for (auto id : ids)
    CHECK(pool.close(id));
  CHECK_FALSE(pool.close(ids[0]));
  CHECK_FALSE(pool.deliver(ids[0], seal(ossl, c, crypto::bytes(32, 0), "late", 99)));
  CHECK(pool.key(ids[0]).empty());
  CHECK(pool.size() == 0);
  REQUIRE(eventually([&] { return pool.metrics().sessions == 0; }));
  auto m = pool.metrics();
  CHECK(m.decrypted == 50 * 20);
  CHECK(m.delivered == 50 * 20);
  CHECK(m.in_flight == 0);
  CHECK(m.opened == 50);
  CHECK(eventually([&] { return rt.system().registry().running() == running; }));
  auto next = pool.open(crypto::bytes(32, 1));
  REQUIRE(next);
  CHECK(*next == 50);
  CHECK(pool.stop(std::chrono::seconds{10}));
  auto refused = pool.open(crypto::bytes(32, 1));
  REQUIRE_FALSE(refused);
  CHECK(refused.err().code == actors::errc::bad_parameter);
  p->reset();
  caf::anon_send_exit(handler, caf::exit_reason::user_shutdown);
}

TEST_CASE("a key of the wrong size is refused by open and no session is spawned") {
  fixture f{"openssl", "aes-256-gcm"};
  auto before = f.rt.system().registry().running();
  auto id = f.pool->open(crypto::bytes(16, 1));
  REQUIRE_FALSE(id);
  CHECK(id.err().code == actors::errc::bad_parameter);
  CHECK(f.rt.system().registry().running() == before);
  CHECK(f.pool->metrics().opened == sessions);
}

TEST_CASE("with report_rejections the handler hears of every dropped packet and why") {
  actors::runtime rt{{2, "stealing", {}}};
  auto box = std::make_shared<inbox>();
  auto handler = rt.system().spawn(recording_handler, box);
  const auto& ossl = backend("openssl");
  const auto& c = *ossl.find_cipher("aes-128-gcm");
  actors::session_pool_config cfg;
  cfg.backend = &ossl;
  cfg.cipher = &c;
  cfg.handler = handler;
  cfg.report_rejections = true;
  auto p = actors::session_pool::create(rt.system(), std::move(cfg));
  REQUIRE(p);
  auto id = (*p)->open(crypto::bytes(16, 3));
  REQUIRE(id);
  auto good = seal(ossl, c, (*p)->key(*id), "fire", 1);
  auto tampered = good;
  tampered.back() ^= 1;
  (*p)->deliver(*id, tampered);
  (*p)->deliver(*id, crypto::bytes(c.nonce_size, 0));
  (*p)->deliver(*id, good);
  REQUIRE(eventually([&] { return (*p)->metrics().handled() == 3 && box->size() == 1; }));
  REQUIRE(eventually([&] {
    std::lock_guard<std::mutex> guard{box->mtx};
    return box->rejected.size() == 2;
  }));
  CHECK(box->rejected[0] == std::make_pair(*id, caf::atom_value{actors::forged_atom::value}));
  CHECK(box->rejected[1] == std::make_pair(*id, caf::atom_value{actors::malformed_atom::value}));
  p->reset();
  caf::anon_send_exit(handler, caf::exit_reason::user_shutdown);
}

TEST_CASE("a session behaviour adds messages each session handles with its own id") {
  actors::runtime rt{{2, "stealing", {}}};
  const auto& ossl = backend("openssl");
  const auto* c = ossl.find_cipher("aes-128-gcm");
  auto box = std::make_shared<inbox>();
  auto handler = rt.system().spawn(recording_handler, box);
  actors::session_pool_config cfg;
  cfg.sessions = 50;
  cfg.backend = &ossl;
  cfg.cipher = c;
  cfg.handler = handler;
  cfg.master_key = crypto::bytes(16, 4);
  // Each session answers a string with its id and the string reversed.
  cfg.session_behavior = [box](std::uint32_t id) {
    return caf::message_handler{[box, id](const std::string& s) {
      std::lock_guard<std::mutex> guard{box->mtx};
      box->got.emplace_back(id, std::string(s.rbegin(), s.rend()));
    }};
  };
  auto p = actors::session_pool::create(rt.system(), std::move(cfg));
  REQUIRE(p);
  for (std::uint32_t id = 0; id < 50; ++id)
    caf::anon_send((*p)->actor(id), std::string{"abc"});
  CHECK_FALSE((*p)->actor(50));
  // Packets still go the pool's way.
  CHECK((*p)->deliver(3, seal(ossl, *c, (*p)->key(3), "hi", 0)));
  REQUIRE(eventually([&] { return box->size() == 51; }));
  std::map<std::uint32_t, std::multiset<std::string>> got;
  for (const auto& [id, text] : box->got)
    got[id].insert(text);
  for (std::uint32_t id = 0; id < 50; ++id)
    CHECK(
      got[id]
      == (id == 3 ? std::multiset<std::string>{"cba", "hi"} : std::multiset<std::string>{"cba"}));
  p->reset();
  caf::anon_send_exit(handler, caf::exit_reason::user_shutdown);
}
