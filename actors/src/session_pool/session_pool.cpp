#include "actors/session_pool/session_pool.hpp"

#include <atomic>
#include <condition_variable>
#include <limits>
#include <string>

#include <caf/event_based_actor.hpp>
#include <caf/exit_reason.hpp>
#include <caf/send.hpp>

namespace actorbench::actors {

struct session_pool::shared {
  shared(caf::actor handler, bool report_rejections,
         std::function<caf::message_handler(std::uint32_t)> session_behavior,
         const crypto::cipher_info& cipher)
    : handler(std::move(handler)),
      report_rejections(report_rejections),
      session_behavior(std::move(session_behavior)),
      cipher(cipher),
      nonce_size(cipher.nonce_size),
      overhead(cipher.overhead) {}

  /// Counts a session that terminated and wakes stop() at the last one.
  void session_ended() {
    if (alive.fetch_sub(1) == 1) {
      std::lock_guard<std::mutex> guard{mtx};
      none_alive.notify_all();
    }
  }

  const caf::actor handler;
  const bool report_rejections;
  const std::function<caf::message_handler(std::uint32_t)> session_behavior;
  const crypto::cipher_info& cipher;
  const std::size_t nonce_size;
  const std::size_t overhead;
  std::atomic<bool> stopping{false};
  std::atomic<std::uint64_t> delivered{0};
  std::atomic<std::uint64_t> decrypted{0};
  std::atomic<std::uint64_t> bytes{0};
  std::atomic<std::uint64_t> malformed{0};
  std::atomic<std::uint64_t> auth_failures{0};
  std::atomic<std::uint64_t> duplicates{0};
  std::atomic<std::uint64_t> too_old{0};
  std::atomic<std::uint64_t> opened{0};
  std::atomic<std::size_t> alive{0};
  std::mutex mtx;
  std::condition_variable none_alive;
};

namespace {

using shared = session_pool::shared;
using close_atom = caf::atom_constant<caf::atom("close")>;

class session_actor : public caf::event_based_actor {
 public:
  session_actor(caf::actor_config& cfg, std::shared_ptr<shared> state, std::uint32_t id,
                std::unique_ptr<crypto::cipher_context> context,
                std::optional<channel_receiver> receiver)
    : caf::event_based_actor(cfg),
      state_(std::move(state)),
      id_(id),
      context_(std::move(context)),
      receiver_(std::move(receiver)) {}

  caf::behavior make_behavior() override {
    caf::message_handler own{
      [this](const crypto::bytes& packet) { on_packet(packet); },
      [this](close_atom) { quit(); },
    };
    if (state_->session_behavior)
      return own.or_else(state_->session_behavior(id_));
    return own;
  }

  void on_exit() override {
    context_.reset();
    receiver_.reset();
    state_->session_ended();
  }

 private:
  void on_packet(const crypto::bytes& packet) {
    auto& s = *state_;
    if (s.stopping.load(std::memory_order_relaxed))
      return;
    if (receiver_) {
      on_secure_packet(packet);
      return;
    }
    if (packet.size() < s.nonce_size + s.overhead) {
      s.malformed.fetch_add(1);
      report(malformed_atom::value);
      return;
    }
    crypto::bytes_view nonce{packet.data(), s.nonce_size};
    crypto::bytes_view sealed{packet.data() + s.nonce_size, packet.size() - s.nonce_size};
    crypto::bytes text(sealed.size);
    auto n = context_->decrypt(nonce, sealed, text.data());
    if (!n) {
      s.auth_failures.fetch_add(1);
      report(forged_atom::value);
      return;
    }
    text.resize(*n);
    hand_on(std::move(text));
  }

  void on_secure_packet(const crypto::bytes& packet) {
    auto& s = *state_;
    open_result r = receiver_->open(packet);
    switch (r.verdict) {
      case packet_verdict::ok:
        return hand_on(std::move(r.plaintext));
      case packet_verdict::malformed:
        return drop(s.malformed, malformed_atom::value);
      case packet_verdict::forged:
        return drop(s.auth_failures, forged_atom::value);
      case packet_verdict::duplicate:
        return drop(s.duplicates, replayed_atom::value);
      case packet_verdict::too_old:
        return drop(s.too_old, stale_atom::value);
    }
  }

  void drop(std::atomic<std::uint64_t>& counter, caf::atom_value reason) {
    counter.fetch_add(1);
    report(reason);
  }

  void hand_on(crypto::bytes text) {
    auto& s = *state_;
    const std::size_t n = text.size();
    // Sent before counting, so whoever sees the count knows the handler has
    // the message in its mailbox.
    caf::anon_send(s.handler, id_, std::move(text));
    s.bytes.fetch_add(n);
    s.decrypted.fetch_add(1);
  }

  void report(caf::atom_value reason) {
    if (state_->report_rejections)
      caf::anon_send(state_->handler, rejected_atom::value, id_, reason);
  }

  std::shared_ptr<shared> state_;
  std::uint32_t id_;
  std::unique_ptr<crypto::cipher_context> context_;
  std::optional<channel_receiver> receiver_;
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

/// A context keyed with `key`, refused unless the key has the cipher's size.
result<std::unique_ptr<crypto::cipher_context>> make_session_context(
  const crypto::backend& backend, const crypto::cipher_info& cipher, const crypto::bytes& key,
  std::uint64_t id) {
  if (key.size() != cipher.key_size)
    return error{errc::bad_parameter, "key of session " + std::to_string(id) + " has "
                                        + std::to_string(key.size()) + " bytes; " + cipher.name
                                        + " takes " + std::to_string(cipher.key_size)};
  auto ctx = backend.make_context(cipher.name, key);
  if (!ctx)
    return error{errc::crypto_failure, ctx.err().detail};
  return std::move(*ctx);
}

} // namespace

result<std::unique_ptr<session_pool>> session_pool::create(caf::actor_system& system,
                                                           session_pool_config config) {
  const auto* cipher = config.cipher;
  if (config.sessions > std::uint64_t{std::numeric_limits<std::uint32_t>::max()} + 1)
    return error{errc::bad_parameter,
                 "sessions " + std::to_string(config.sessions) + " outside 0..2^32"};
  if (config.backend == nullptr || cipher == nullptr)
    return error{errc::bad_parameter, "a session pool needs a back-end and a cipher"};
  if (!config.handler)
    return error{errc::bad_parameter, "a session pool needs a handler actor"};
  if (cipher->nonce_size < 4)
    return error{errc::bad_parameter, cipher->name + " has a nonce too short for session ids"};

  std::vector<crypto::bytes> keys = std::move(config.keys);
  if (keys.empty() && config.sessions > 0) {
    if (config.master_key.size() != cipher->key_size)
      return error{errc::bad_parameter, "master key of " + std::to_string(config.master_key.size())
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
    auto ctx = make_session_context(*config.backend, *cipher, keys[i], i);
    if (!ctx)
      return ctx.err();
    contexts.push_back(std::move(*ctx));
  }

  auto state = std::make_shared<shared>(std::move(config.handler), config.report_rejections,
                                        std::move(config.session_behavior), *cipher);
  std::unique_ptr<session_pool> pool{new session_pool(system, *config.backend, std::move(state))};
  {
    std::lock_guard<std::mutex> guard{pool->mtx_};
    for (std::size_t i = 0; i < config.sessions; ++i)
      pool->spawn_session(static_cast<std::uint32_t>(i), std::move(keys[i]),
                          std::move(contexts[i]));
  }
  return pool;
}

session_pool::session_pool(caf::actor_system& system, const crypto::backend& backend,
                           std::shared_ptr<shared> state)
  : system_(system), backend_(backend), state_(std::move(state)) {}

session_pool::~session_pool() {
  stop();
}

void session_pool::spawn_session(std::uint32_t id, crypto::bytes key,
                                 std::unique_ptr<crypto::cipher_context> context,
                                 std::optional<channel_receiver> receiver) {
  state_->alive.fetch_add(1);
  state_->opened.fetch_add(1);
  auto actor = system_.spawn<session_actor, caf::lazy_init>(state_, id, std::move(context),
                                                            std::move(receiver));
  sessions_.emplace(id, session{std::move(actor), std::move(key)});
  next_id_ = std::uint64_t{id} + 1;
}

result<std::uint32_t> session_pool::next_id() const {
  if (state_->stopping.load())
    return error{errc::bad_parameter, "the session pool is stopped"};
  if (next_id_ > std::numeric_limits<std::uint32_t>::max())
    return error{errc::bad_parameter, "every session id has been used"};
  return static_cast<std::uint32_t>(next_id_);
}

result<std::uint32_t> session_pool::open(crypto::bytes key) {
  std::lock_guard<std::mutex> guard{mtx_};
  auto id = next_id();
  if (!id)
    return id;
  auto ctx = make_session_context(backend_, state_->cipher, key, *id);
  if (!ctx)
    return ctx.err();
  spawn_session(*id, std::move(key), std::move(*ctx));
  return id;
}

result<std::uint32_t> session_pool::open_secure(channel_receiver receiver) {
  std::lock_guard<std::mutex> guard{mtx_};
  auto id = next_id();
  if (!id)
    return id;
  spawn_session(*id, {}, nullptr, std::move(receiver));
  return id;
}

bool session_pool::close(std::uint32_t id) {
  std::lock_guard<std::mutex> guard{mtx_};
  auto i = sessions_.find(id);
  if (i == sessions_.end())
    return false;
  // An ordinary message, so it queues behind the packets already delivered.
  caf::anon_send(i->second.actor, close_atom::value);
  sessions_.erase(i);
  return true;
}

bool session_pool::deliver(std::uint32_t id, crypto::bytes packet) {
  std::lock_guard<std::mutex> guard{mtx_};
  auto i = sessions_.find(id);
  if (i == sessions_.end() || state_->stopping.load())
    return false;
  state_->delivered.fetch_add(1);
  caf::anon_send(i->second.actor, std::move(packet));
  return true;
}

crypto::bytes session_pool::key(std::uint32_t id) const {
  std::lock_guard<std::mutex> guard{mtx_};
  auto i = sessions_.find(id);
  return i == sessions_.end() ? crypto::bytes{} : i->second.key;
}

caf::actor session_pool::actor(std::uint32_t id) const {
  std::lock_guard<std::mutex> guard{mtx_};
  auto i = sessions_.find(id);
  return i == sessions_.end() ? caf::actor{} : i->second.actor;
}

std::size_t session_pool::size() const {
  std::lock_guard<std::mutex> guard{mtx_};
  return sessions_.size();
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
  m.duplicates = s.duplicates.load();
  m.too_old = s.too_old.load();
  m.delivered = s.delivered.load();
  m.sessions = s.alive.load();
  m.opened = s.opened.load();
  m.in_flight = m.delivered > m.handled() ? m.delivered - m.handled() : 0;
  return m;
}

bool session_pool::stop(std::chrono::milliseconds limit) {
  {
    std::lock_guard<std::mutex> guard{mtx_};
    if (!state_->stopping.exchange(true))
      for (const auto& entry : sessions_)
        caf::anon_send_exit(entry.second.actor, caf::exit_reason::user_shutdown);
  }
  std::unique_lock<std::mutex> guard{state_->mtx};
  return state_->none_alive.wait_for(guard, limit, [this] { return state_->alive.load() == 0; });
}

} // namespace actorbench::actors
