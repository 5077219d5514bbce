#include "actors/session_pool/secure_channel.hpp"

#include "session_pool/big_endian.hpp"

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

// Data nonces end in zeros; the rekey nonce is all 0xff, so the two never
// meet under one key (nonces are at least 12 bytes, the header 9).
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

// A context for the first key_size bytes of `key` (the handshake's keys are
// 32 bytes; AES-128-GCM uses 16 of them).
result<std::unique_ptr<crypto::cipher_context>> keyed(const crypto::backend& backend,
                                                      const crypto::cipher_info& aead,
                                                      crypto::bytes& key) {
  key.resize(aead.key_size);
  auto ctx = backend.make_context(aead.name, key);
  if (!ctx)
    return channel_error(errc::crypto_failure, ctx.err().detail);
  return std::move(*ctx);
}

// The next epoch's key: the current key's encryption of zeros under the
// reserved nonce (Noise's Rekey), so both ends derive it alone.
result<crypto::bytes> next_key(crypto::cipher_context& current) {
  const crypto::cipher_info& info = current.info();
  nonce_bytes n;
  n.size = info.nonce_size;
  n.data.fill(0xff);
  const std::array<std::uint8_t, max_key> zeros{};
  crypto::bytes out(info.key_size + info.overhead);
  auto done = current.encrypt(n.view(), {zeros.data(), info.key_size}, out.data());
  if (!done)
    return channel_error(errc::crypto_failure, done.err().detail);
  crypto::bytes key(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(info.key_size));
  crypto::wipe(out);
  return key;
}

result<channel_receiver::epoch_state> make_epoch(const crypto::backend& backend,
                                                 const crypto::cipher_info& aead, crypto::bytes key,
                                                 std::uint8_t epoch) {
  auto ctx = keyed(backend, aead, key);
  if (!ctx)
    return ctx.err();
  crypto::wipe(key);
  channel_receiver::epoch_state st;
  st.epoch = epoch;
  st.context = std::move(*ctx);
  return st;
}

result<channel_receiver::epoch_state> following(const crypto::backend& backend,
                                                const channel_receiver::epoch_state& st) {
  auto key = next_key(*st.context);
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
    case packet_verdict::unknown_epoch:
      return "unknown_epoch";
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
  auto next = following(backend, *current);
  if (!next)
    return next.err();
  channel_receiver r;
  r.backend_ = &backend;
  r.aead_ = &aead;
  r.grace_ = grace;
  r.current_ = std::move(*current);
  r.next_ = std::move(*next);
  return r;
}

result<void> channel_receiver::advance(channel_clock::time_point now) {
  auto after = following(*backend_, next_);
  if (!after)
    return after.err();
  previous_ = std::move(current_);
  previous_until_ = now + grace_;
  current_ = std::move(next_);
  next_ = std::move(*after);
  return {};
}

open_result channel_receiver::open(crypto::bytes_view packet, channel_clock::time_point now) {
  open_result out;
  const std::size_t overhead = channel_header_size + aead_->overhead;
  if (packet.data == nullptr || packet.size < overhead)
    return out;
  if (previous_ && now >= previous_until_)
    previous_.reset();
  const std::uint8_t epoch = packet.data[0];
  epoch_state* st = epoch == current_.epoch                  ? &current_
                    : epoch == next_.epoch                   ? &next_
                    : previous_ && epoch == previous_->epoch ? &*previous_
                                                             : nullptr;
  if (st == nullptr) {
    out.verdict = packet_verdict::unknown_epoch;
    return out;
  }
  // The tag first, as WireGuard does: a duplicate or stale verdict then
  // always means an authentic packet, and forgeries are counted as such.
  const std::uint64_t counter = get_u64_be(packet.data + 1);
  const crypto::bytes_view body{packet.data + channel_header_size,
                                packet.size - channel_header_size};
  // decrypt() may write in.size bytes (its contract), tag included.
  out.plaintext.resize(body.size);
  auto n = st->context->decrypt(data_nonce(aead_->nonce_size, epoch, counter).view(), body,
                                out.plaintext.data());
  if (!n) {
    crypto::wipe(out.plaintext);
    out.verdict = packet_verdict::forged;
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
  // The first authentic packet of the next epoch switches to it; should the
  // next key not be derivable, the packet still counts and the switch waits.
  if (st == &next_)
    advance(now);
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
  crypto::wipe(key);
  s.context_ = std::move(*ctx);
  s.counter_ = nonce_counter{policy.nonce_limit};
  s.started_ = now;
  return s;
}

result<void> channel_sender::advance(channel_clock::time_point now) {
  auto key = next_key(*context_);
  if (!key)
    return key.err();
  auto ctx = keyed(*backend_, *aead_, *key);
  if (!ctx)
    return ctx.err();
  crypto::wipe(*key);
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
