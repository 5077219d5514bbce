#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "actors/error.hpp"
#include "actors/session_pool/handshake.hpp"
#include "actors/session_pool/nonce_counter.hpp"
#include "actors/session_pool/replay_window.hpp"
#include "crypto/backend.hpp"
#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"
#include "crypto/cipher_info.hpp"

namespace actorbench::actors {

/// What became of one received packet.
enum class packet_verdict {
  /// Authentic and new: its plaintext is delivered.
  ok,
  /// Shorter than header and tag.
  malformed,
  /// The tag did not verify under the key of the packet's epoch, or the
  /// receiver holds no key for that epoch: altered, not sealed in this
  /// session, or sealed under a key already retired (which cannot be told
  /// apart from a forgery once the key is gone).
  forged,
  /// Authentic, and its counter was accepted before (a replay or a network
  /// duplicate).
  duplicate,
  /// Authentic, and older than its epoch's replay window reaches back.
  too_old,
};

/// Short stable name of a verdict, e.g. "duplicate".
std::string_view to_string(packet_verdict verdict) noexcept;

/// A received packet's verdict and, when ok, its plaintext.
struct open_result {
  packet_verdict verdict = packet_verdict::malformed;
  crypto::bytes plaintext;
};

/// When a sender moves to the next key (epoch), and how long a receiver
/// keeps the previous one for packets still in flight.
struct rekey_policy {
  /// Packets sealed under one key before the next seal rekeys.
  std::uint64_t after_packets = std::uint64_t{1} << 32;
  /// Age of a key after which the next seal rekeys.
  std::chrono::seconds after_time{120};
  /// How long a receiver still opens packets of the previous epoch after
  /// the first packet of a new one arrived.
  std::chrono::milliseconds grace{2000};
  /// Nonces per key: sealing refuses (limit_reached) past it, asking for a
  /// rekey. Below after_packets only in tests.
  std::uint64_t nonce_limit = nonce_counter::max;
};

/// Wire packet: epoch (1 byte) || counter (8 bytes, big-endian) ||
/// ciphertext || tag. The AEAD nonce is epoch || counter || zeros, so the
/// header is authenticated through the nonce (the back-ends' contract has no
/// associated data): changing it makes the tag fail. Epoch 0's key is the
/// handshake's; each next epoch's is Noise's REKEY of the one before
/// (session_pool/epoch_key.hpp).
inline constexpr std::size_t channel_header_size = 9;

/// The clock a channel's rekey and grace times are read from.
using channel_clock = std::chrono::steady_clock;

/// The receiving half of a channel: the current epoch's key and replay
/// window, the previous epoch's for its grace period, and the keys of the
/// next look_ahead epochs, derived when a packet first claims one. Every
/// packet's tag is checked before any other verdict. Not thread-safe; one
/// per session.
class channel_receiver {
 public:
  /// How many epochs past the current one a packet may be of: the first
  /// authentic packet of any of them makes it the current epoch. A sender
  /// moves one epoch per seal at most, so up to look_ahead - 1 packets lost
  /// in a row, each the only one of its epoch, do not stall the session.
  static constexpr std::uint8_t look_ahead = 8;

  /// Errors: bad_parameter (a cipher that is not an AEAD, a nonce under 12
  /// bytes, a key over 32 bytes), crypto_failure.
  static result<channel_receiver> create(const crypto::backend& backend,
                                         const crypto::cipher_info& aead, crypto::bytes key,
                                         std::chrono::milliseconds grace);

  /// Checks, decrypts and records one packet.
  open_result open(crypto::bytes_view packet, channel_clock::time_point now = channel_clock::now());

  /// The epoch of the newest authentic packet.
  std::uint8_t epoch() const noexcept { return current_.epoch; }

  /// One epoch's key state (internal).
  struct epoch_state {
    std::uint8_t epoch = 0;
    std::unique_ptr<crypto::cipher_context> context;
    replay_window window;
  };

 private:
  channel_receiver() = default;
  /// The state that opens packets of `epoch`, deriving keys up to it when it
  /// is ahead; null when this receiver holds no key for it.
  epoch_state* state_for(std::uint8_t epoch);
  /// Makes current_ the previous epoch and `ahead` (an element of ahead_)
  /// the current one, dropping the epochs skipped.
  void advance(epoch_state* ahead, channel_clock::time_point now);

  const crypto::backend* backend_ = nullptr;
  const crypto::cipher_info* aead_ = nullptr;
  std::chrono::milliseconds grace_{};
  epoch_state current_;
  /// Epochs current + 1, current + 2, ... (at most look_ahead).
  std::vector<epoch_state> ahead_;
  std::optional<epoch_state> previous_;
  channel_clock::time_point previous_until_{};
};

/// The sending half: seals with the current epoch's key and counter, and
/// moves to the next epoch when the rekey policy says so. Not thread-safe.
class channel_sender {
 public:
  /// Errors as channel_receiver::create.
  static result<channel_sender> create(const crypto::backend& backend,
                                       const crypto::cipher_info& aead, crypto::bytes key,
                                       rekey_policy policy,
                                       channel_clock::time_point now = channel_clock::now());

  /// One wire packet of `plaintext`. Errors: limit_reached (the key's
  /// nonces are used up: rekey), crypto_failure.
  result<crypto::bytes> seal(crypto::bytes_view plaintext,
                             channel_clock::time_point now = channel_clock::now());

  /// Makes the next seal start a new epoch, whatever the policy.
  void rekey() noexcept { rekey_due_ = true; }

  /// The epoch of the packets sealed now.
  std::uint8_t epoch() const noexcept { return epoch_; }

 private:
  channel_sender() = default;
  result<void> advance(channel_clock::time_point now);

  const crypto::backend* backend_ = nullptr;
  const crypto::cipher_info* aead_ = nullptr;
  rekey_policy policy_;
  std::uint8_t epoch_ = 0;
  std::unique_ptr<crypto::cipher_context> context_;
  nonce_counter counter_;
  channel_clock::time_point started_{};
  bool rekey_due_ = false;
};

/// One session's two directions after a handshake: the send key seals, the
/// receive key opens, each with its own epochs.
class secure_channel {
 public:
  /// Errors as channel_receiver::create.
  static result<secure_channel> create(const crypto::backend& backend,
                                       const crypto::cipher_info& aead, session_keys keys,
                                       rekey_policy policy,
                                       channel_clock::time_point now = channel_clock::now());

  /// See channel_sender::seal.
  result<crypto::bytes> seal(crypto::bytes_view plaintext,
                             channel_clock::time_point now = channel_clock::now()) {
    return sender_.seal(plaintext, now);
  }

  /// See channel_receiver::open.
  open_result open(crypto::bytes_view packet,
                   channel_clock::time_point now = channel_clock::now()) {
    return receiver_.open(packet, now);
  }

  channel_sender& sender() noexcept { return sender_; }
  channel_receiver& receiver() noexcept { return receiver_; }

 private:
  secure_channel(channel_sender s, channel_receiver r)
    : sender_(std::move(s)), receiver_(std::move(r)) {}
  channel_sender sender_;
  channel_receiver receiver_;
};

} // namespace actorbench::actors
