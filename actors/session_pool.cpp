#include "actors/session_pool.hpp"

#include <atomic>
#include <limits>
#include <string>

#include <caf/event_based_actor.hpp>
#include <caf/exit_reason.hpp>
#include <caf/send.hpp>

#include "actors/countdown_latch.hpp"
#include "crypto/cipher_context.hpp"

namespace actorbench::actors {

struct session_pool::shared {
  shared(caf::actor handler, const crypto::cipher_info& cipher, std::size_t sessions)
    : handler(std::move(handler)),
      nonce_size(cipher.nonce_size),
      overhead(cipher.overhead),
      alive(sessions),
      stopped(sessions) {
  }

  const caf::actor handler;
  const std::size_t nonce_size;
  const std::size_t overhead;
  std::atomic<bool> stopping{false};
  std::atomic<std::uint64_t> delivered{0};
  std::atomic<std::uint64_t> decrypted{0};
  std::atomic<std::uint64_t> bytes{0};
  std::atomic<std::uint64_t> malformed{0};
  std::atomic<std::uint64_t> auth_failures{0};
  std::atomic<std::size_t> alive;
  /// Counted down as each session terminates.
  countdown_latch stopped;
};

namespace {

using shared = session_pool::shared;

class session_actor : public caf::event_based_actor {
 public:
  session_actor(caf::actor_config& cfg, std::shared_ptr<shared> state, std::uint32_t id,
                std::unique_ptr<crypto::cipher_context> context)
    : caf::event_based_actor(cfg),
      state_(std::move(state)),
      id_(id),
      context_(std::move(context)) {
  }

  caf::behavior make_behavior() override {
    return {[this](const crypto::bytes& packet) { on_packet(packet); }};
  }

  void on_exit() override {
    context_.reset();
    state_->alive.fetch_sub(1);
    state_->stopped.count_down();
  }

 private:
  void on_packet(const crypto::bytes& packet) {
    auto& s = *state_;
    if (s.stopping.load(std::memory_order_relaxed))
      return;
    if (packet.size() < s.nonce_size + s.overhead) {
      s.malformed.fetch_add(1);
      return;
    }
    crypto::bytes_view nonce{packet.data(), s.nonce_size};
    crypto::bytes_view sealed{packet.data() + s.nonce_size, packet.size() - s.nonce_size};
    crypto::bytes text(sealed.size);
    auto n = context_->decrypt(nonce, sealed, text.data());
    if (!n) {
      s.auth_failures.fetch_add(1);
      return;
    }
    text.resize(*n);
    // Sent before counting, so whoever sees the count knows the handler has
    // the message in its mailbox.
    caf::anon_send(s.handler, id_, std::move(text));
    s.bytes.fetch_add(*n);
    s.decrypted.fetch_add(1);
  }

  std::shared_ptr<shared> state_;
  std::uint32_t id_;
  std::unique_ptr<crypto::cipher_context> context_;
};

/// Session `id`'s key: the cipher's keystream under `master` with nonce `id`.
crypto::result<crypto::bytes> derive_key(crypto::cipher_context& master,
                                         const crypto::cipher_info& cipher, std::uint32_t id) {
  crypto::bytes nonce(cipher.nonce_size, 0);
  for (std::size_t i = 0; i < 4; ++i)
    nonce[i] = static_cast<std::uint8_t>(id >> (8 * i));
  crypto::bytes zeros(cipher.key_size, 0);
  crypto::bytes out(cipher.key_size + cipher.overhead);
  auto n = master.encrypt(nonce, zeros, out.data());
  if (!n)
    return n.err();
  out.resize(cipher.key_size);
  return out;
}

std::string key_count_text(std::size_t got, std::size_t want) {
  return std::to_string(got) + " keys for " + std::to_string(want) + " sessions";
}

} // namespace

result<std::unique_ptr<session_pool>> session_pool::create(caf::actor_system& system,
                                                           session_pool_config config) {
  const auto* cipher = config.cipher;
  if (config.sessions == 0 || config.sessions - 1 > std::numeric_limits<std::uint32_t>::max())
    return error{errc::bad_parameter,
                 "sessions " + std::to_string(config.sessions) + " outside 1..2^32"};
  if (config.backend == nullptr || cipher == nullptr)
    return error{errc::bad_parameter, "a session pool needs a back-end and a cipher"};
  if (!config.handler)
    return error{errc::bad_parameter, "a session pool needs a handler actor"};
  if (cipher->nonce_size < 4)
    return error{errc::bad_parameter, cipher->name + " has a nonce too short for session ids"};

  std::vector<crypto::bytes> keys = std::move(config.keys);
  if (keys.empty()) {
    if (config.master_key.size() != cipher->key_size)
      return error{errc::bad_parameter,
                   "master key of " + std::to_string(config.master_key.size())
                     + " bytes; " + cipher->name + " takes "
                     + std::to_string(cipher->key_size)};
    auto master = config.backend->make_context(cipher->name, config.master_key);
    if (!master)
      return error{errc::crypto_failure, master.err().detail};
    keys.reserve(config.sessions);
    for (std::size_t i = 0; i < config.sessions; ++i) {
      auto k = derive_key(**master, *cipher, static_cast<std::uint32_t>(i));
      if (!k)
        return error{errc::crypto_failure, k.err().detail};
      keys.push_back(std::move(*k));
    }
  } else if (keys.size() != config.sessions) {
    return error{errc::bad_parameter, key_count_text(keys.size(), config.sessions)};
  }

  // Every context is made before the first spawn, so a failure leaves no actors behind.
  std::vector<std::unique_ptr<crypto::cipher_context>> contexts;
  contexts.reserve(config.sessions);
  for (std::size_t i = 0; i < config.sessions; ++i) {
    if (keys[i].size() != cipher->key_size)
      return error{errc::bad_parameter, "key of session " + std::to_string(i) + " has "
                                          + std::to_string(keys[i].size()) + " bytes; "
                                          + cipher->name + " takes "
                                          + std::to_string(cipher->key_size)};
    auto ctx = config.backend->make_context(cipher->name, keys[i]);
    if (!ctx)
      return error{errc::crypto_failure, ctx.err().detail};
    contexts.push_back(std::move(*ctx));
  }

  auto state = std::make_shared<shared>(std::move(config.handler), *cipher, config.sessions);
  std::vector<caf::actor> sessions;
  sessions.reserve(config.sessions);
  for (std::size_t i = 0; i < config.sessions; ++i)
    sessions.push_back(system.spawn<session_actor, caf::lazy_init>(
      state, static_cast<std::uint32_t>(i), std::move(contexts[i])));
  return std::unique_ptr<session_pool>{
    new session_pool(std::move(state), std::move(keys), std::move(sessions))};
}

session_pool::session_pool(std::shared_ptr<shared> state, std::vector<crypto::bytes> keys,
                           std::vector<caf::actor> sessions)
  : state_(std::move(state)), keys_(std::move(keys)), sessions_(std::move(sessions)) {
}

session_pool::~session_pool() {
  stop();
}

bool session_pool::deliver(std::uint32_t id, crypto::bytes packet) {
  if (id >= sessions_.size() || state_->stopping.load())
    return false;
  state_->delivered.fetch_add(1);
  caf::anon_send(sessions_[id], std::move(packet));
  return true;
}

pool_metrics session_pool::metrics() const noexcept {
  const auto& s = *state_;
  pool_metrics m;
  // Handled counts first: a packet is counted as delivered before it is
  // sent, so `delivered` read afterwards covers every packet counted here.
  m.decrypted = s.decrypted.load();
  m.bytes = s.bytes.load();
  m.malformed = s.malformed.load();
  m.auth_failures = s.auth_failures.load();
  m.delivered = s.delivered.load();
  m.sessions = s.alive.load();
  m.in_flight = m.delivered > m.handled() ? m.delivered - m.handled() : 0;
  return m;
}

bool session_pool::stop(std::chrono::milliseconds limit) {
  if (!state_->stopping.exchange(true))
    for (const auto& session : sessions_)
      caf::anon_send_exit(session, caf::exit_reason::user_shutdown);
  return state_->stopped.wait_for(limit);
}

} // namespace actorbench::actors
