#include "actors/session_pool/secure_channel.hpp"

#include "session_pool/big_endian.hpp"
#include "session_pool/epoch_key.hpp"

#include <array>
#include <string>
#include <utility>

namespace actorbench::actors {

namespace {

constexpr std::size_t max_key = 32;
constexpr std::size_t max_nonce = 32;

error channel_error(errc code, std::string detail) {
  return error{code, std::move(detail)};
}

struct nonce_bytes {
  std::array<std::uint8_t, max_nonce> data{};
  std::size_t size = 0;
  crypto::bytes_view view() const noexcept { return {data.data(), size}; }
};

// Data nonces end in zeros at bytes 9 to 11; the rekey nonce has 0xff there
// (epoch_key.hpp), so the two never meet under one key.
nonce_bytes data_nonce(std::size_t size, std::uint8_t epoch, std::uint64_t counter) noexcept {
  nonce_bytes n;
  n.size = size;
  n.data[0] = epoch;
  put_u64_be(n.data.data() + 1, counter);
  return n;
}

std::optional<error> unusable(const crypto::cipher_info& aead, std::size_t key_size) {
  if (!aead.aead || !aead.available || aead.nonce_size < 12 || aead.nonce_size > max_nonce
      || aead.key_size > max_key)
    return channel_error(errc::bad_parameter, "cipher '" + aead.name
                                                + "' for a secure channel (valid: an available "
                                                  "AEAD with a 12- to 32-byte nonce and a key of "
                                                  "at most 32 bytes)");
  if (key_size < aead.key_size)
    return channel_error(errc::bad_parameter, "channel key of " + std::to_string(key_size)
                                                + " bytes (valid: at least "
                                                + std::to_string(aead.key_size) + ")");
  return std::nullopt;
}

result<std::unique_ptr<crypto::cipher_context>> keyed(const crypto::backend& backend,
                                                      const crypto::cipher_info& aead,
                                                      crypto::bytes& key) {
  auto ctx = keyed_epoch(backend, aead, key);
  if (!ctx)
    return channel_error(errc::crypto_failure, ctx.err().detail);
  return std::move(*ctx);
}

result<channel_receiver::epoch_state> make_epoch(const crypto::backend& backend,
                                                 const crypto::cipher_info& aead, crypto::bytes key,
                                                 std::uint8_t epoch) {
  auto ctx = keyed(backend, aead, key);
  if (!ctx)
    return ctx.err();
  channel_receiver::epoch_state st;
  st.epoch = epoch;
  st.context = std::move(*ctx);
  return st;
}

result<channel_receiver::epoch_state> following(const crypto::backend& backend,
                                                const channel_receiver::epoch_state& st) {
  auto key = noise_rekey(*st.context);
  if (!key)
    return key.err();
  return make_epoch(backend, st.context->info(), std::move(*key),
                    static_cast<std::uint8_t>(st.epoch + 1));
}

} // namespace

std::string_view to_string(packet_verdict verdict) noexcept {
  switch (verdict) {
    case packet_verdict::ok:
      return "ok";
    case packet_verdict::malformed:
      return "malformed";
    case packet_verdict::forged:
      return "forged";
    case packet_verdict::duplicate:
      return "duplicate";
    case packet_verdict::too_old:
      return "too_old";
  }
  return "unknown";
}

// -- receiver -----------------------------------------------------------------

result<channel_receiver> channel_receiver::create(const crypto::backend& backend,
                                                  const crypto::cipher_info& aead,
                                                  crypto::bytes key,
                                                  std::chrono::milliseconds grace) {
  if (auto bad = unusable(aead, key.size()))
    return *bad;
  auto current = make_epoch(backend, aead, std::move(key), 0);
  if (!current)
    return current.err();
  channel_receiver r;
  r.backend_ = &backend;
  r.aead_ = &aead;
  r.grace_ = grace;
  r.current_ = std::move(*current);
  return r;
}

channel_receiver::epoch_state* channel_receiver::state_for(std::uint8_t epoch) {
  if (epoch == current_.epoch)
    return &current_;
  const auto ahead = static_cast<std::uint8_t>(epoch - current_.epoch);
  if (ahead <= look_ahead) {
    // Derived once and kept: a forger claiming a far epoch costs at most
    // look_ahead derivations per epoch the session moves.
    while (ahead_.size() < ahead) {
      auto next = following(*backend_, ahead_.empty() ? current_ : ahead_.back());
      if (!next)
        return nullptr;
      ahead_.push_back(std::move(*next));
    }
    return &ahead_[ahead - 1];
  }
  if (previous_ && epoch == previous_->epoch)
    return &*previous_;
  return nullptr;
}

void channel_receiver::advance(epoch_state* ahead, channel_clock::time_point now) {
  const auto skipped = ahead - ahead_.data();
  previous_ = std::move(current_);
  previous_until_ = now + grace_;
  current_ = std::move(*ahead);
  ahead_.erase(ahead_.begin(), ahead_.begin() + skipped + 1);
}

open_result channel_receiver::open(crypto::bytes_view packet, channel_clock::time_point now) {
  open_result out;
  const std::size_t overhead = channel_header_size + aead_->overhead;
  if (packet.data == nullptr || packet.size < overhead)
    return out;
  if (previous_ && now >= previous_until_)
    previous_.reset();
  // The tag first, as WireGuard does, whatever the header claims: duplicate
  // and too_old then always mean an authentic packet, and a packet of an
  // epoch without a key here is a forgery like any other.
  const std::uint8_t epoch = packet.data[0];
  epoch_state* st = state_for(epoch);
  out.verdict = packet_verdict::forged;
  if (st == nullptr)
    return out;
  const std::uint64_t counter = get_u64_be(packet.data + 1);
  const crypto::bytes_view body{packet.data + channel_header_size,
                                packet.size - channel_header_size};
  // decrypt() may write in.size bytes (its contract), tag included.
  out.plaintext.resize(body.size);
  auto n = st->context->decrypt(data_nonce(aead_->nonce_size, epoch, counter).view(), body,
                                out.plaintext.data());
  if (!n) {
    crypto::wipe(out.plaintext);
    return out;
  }
  // An authentic packet refused as a replay is still plaintext: wiped.
  switch (st->window.check(counter)) {
    case replay_verdict::duplicate:
      crypto::wipe(out.plaintext);
      out.verdict = packet_verdict::duplicate;
      return out;
    case replay_verdict::too_old:
      crypto::wipe(out.plaintext);
      out.verdict = packet_verdict::too_old;
      return out;
    case replay_verdict::fresh:
      break;
  }
  out.plaintext.resize(*n);
  st->window.accept(counter);
  out.verdict = packet_verdict::ok;
  // The first authentic packet of an epoch ahead makes it the current one.
  if (st != &current_ && (!previous_ || st != &*previous_))
    advance(st, now);
  return out;
}

// -- sender -------------------------------------------------------------------

result<channel_sender> channel_sender::create(const crypto::backend& backend,
                                              const crypto::cipher_info& aead, crypto::bytes key,
                                              rekey_policy policy, channel_clock::time_point now) {
  if (auto bad = unusable(aead, key.size()))
    return *bad;
  auto ctx = keyed(backend, aead, key);
  if (!ctx)
    return ctx.err();
  channel_sender s;
  s.backend_ = &backend;
  s.aead_ = &aead;
  s.policy_ = policy;
  s.context_ = std::move(*ctx);
  s.counter_ = nonce_counter{policy.nonce_limit};
  s.started_ = now;
  return s;
}

result<void> channel_sender::advance(channel_clock::time_point now) {
  auto key = noise_rekey(*context_);
  if (!key)
    return channel_error(errc::crypto_failure, key.err().detail);
  auto ctx = keyed(*backend_, *aead_, *key);
  if (!ctx)
    return ctx.err();
  context_ = std::move(*ctx);
  counter_ = nonce_counter{policy_.nonce_limit};
  started_ = now;
  epoch_ = static_cast<std::uint8_t>(epoch_ + 1);
  rekey_due_ = false;
  return {};
}

result<crypto::bytes> channel_sender::seal(crypto::bytes_view plaintext,
                                           channel_clock::time_point now) {
  if (rekey_due_ || counter_.used() >= policy_.after_packets
      || now - started_ >= policy_.after_time) {
    auto moved = advance(now);
    if (!moved)
      return moved.err();
  }
  auto counter = counter_.next();
  if (!counter)
    return channel_error(errc::limit_reached, "nonce counter at its limit of "
                                                + std::to_string(counter_.limit())
                                                + " packets under one key: rekey");
  crypto::bytes packet(channel_header_size + plaintext.size + aead_->overhead);
  const nonce_bytes nonce = data_nonce(aead_->nonce_size, epoch_, *counter);
  std::copy(nonce.data.begin(), nonce.data.begin() + channel_header_size, packet.begin());
  auto n = context_->encrypt(nonce.view(), plaintext, packet.data() + channel_header_size);
  if (!n)
    return channel_error(errc::crypto_failure, n.err().detail);
  return packet;
}

// -- both ---------------------------------------------------------------------

result<secure_channel> secure_channel::create(const crypto::backend& backend,
                                              const crypto::cipher_info& aead, session_keys keys,
                                              rekey_policy policy, channel_clock::time_point now) {
  auto sender = channel_sender::create(backend, aead, std::move(keys.send), policy, now);
  if (!sender)
    return sender.err();
  auto receiver = channel_receiver::create(backend, aead, std::move(keys.receive), policy.grace);
  if (!receiver)
    return receiver.err();
  return secure_channel{std::move(*sender), std::move(*receiver)};
}

} // namespace actorbench::actors
