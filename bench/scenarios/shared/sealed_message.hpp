#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

#include <caf/meta/type_name.hpp>

#include "actors/error.hpp"
#include "crypto/backend.hpp"
#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"

namespace actorbench::actors {

// Crypto in the loop of the message-passing suite (pingpong, ring, mailbox,
// spawn-tree, big, chameneos, fjthrput): every message's payload is sealed by
// its sender under the run's session key with a counter nonce, and opened and
// verified by its receiver. A forged payload (bad tag or wrong plaintext) or
// a replayed one (a counter not above the last from that sender) counts as a
// mismatch; nothing is silently accepted.

/// A message's payload: who sealed it and its counter (together the nonce),
/// then ciphertext and tag. With crypto off the bytes are empty.
struct sealed_payload {
  std::uint32_t sender = 0;
  std::uint64_t counter = 0;
  std::vector<std::uint8_t> bytes;
};

/// CAF's serialization of a payload: messages carrying one may cross nodes
/// (registered as "actorbench.sealed_payload" with the remote types).
template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, sealed_payload& x) {
  return f(caf::meta::type_name("actorbench.sealed_payload"), x.sender, x.counter, x.bytes);
}

/// What opening one payload found.
enum class open_verdict { ok, forged, replayed };

/// The sampled cost of sealing and opening during one run: one call in
/// `seal_keys::sample_every` per thread is timed, so the clock adds almost nothing, and
/// the clock's own cost (measured once per run) is taken off each sample.
struct seal_totals {
  std::uint64_t seals = 0;
  std::uint64_t opens = 0;
  double seal_ns = 0;         ///< mean ns per sampled seal (0 when none was sampled)
  double open_ns = 0;         ///< mean ns per sampled open
  std::uint64_t forged = 0;   ///< payloads whose tag or plaintext was wrong
  std::uint64_t replayed = 0; ///< payloads whose counter was not fresh
};

/// A run's session key, cipher and plaintext, made once per run before
/// timing and shared (read-only, but for the atomic counters) by every
/// actor; it must outlive them (the suite destroys the actor system first).
class seal_keys {
 public:
  /// Calls timed: 1 in this many seals and 1 in this many opens per thread.
  static constexpr std::uint64_t sample_every = 64;

  /// Crypto off: sealers make empty payloads, openers check only counters.
  seal_keys() = default;

  /// Crypto on with `cipher` (an AEAD cipher) of `backend`: a random key,
  /// a random plaintext of `payload_bytes`.
  static result<std::shared_ptr<seal_keys>> make(const crypto::backend& backend,
                                                 const crypto::cipher_info& cipher,
                                                 std::size_t payload_bytes);

  /// Crypto on with a given key and plaintext: the same keys again on
  /// another node (a remote pong opens what the local ping sealed).
  static result<std::shared_ptr<seal_keys>> make(const crypto::backend& backend,
                                                 const crypto::cipher_info& cipher,
                                                 crypto::bytes key, crypto::bytes plaintext);

  bool on() const noexcept { return prototype_ != nullptr; }
  const crypto::backend* backend() const noexcept { return backend_; }
  /// The session key, for handing the keys to another node; never printed.
  const crypto::bytes& key() const noexcept { return key_; }
  std::size_t payload_bytes() const noexcept { return plaintext_.size(); }
  const crypto::cipher_info* cipher() const noexcept { return cipher_; }

  /// The calling thread's context (cloned once per thread from the
  /// prototype): actors on one worker share it, one at a time.
  crypto::cipher_context* context() const;

  const crypto::bytes& plaintext() const noexcept { return plaintext_; }

  /// Adds one timed call (the sealer's or the opener's).
  void add_seal_sample(std::uint64_t ns) const noexcept;
  void add_open_sample(std::uint64_t ns) const noexcept;
  /// Counts, added by sealers and openers now and then and when they are done.
  void add_calls(std::uint64_t seals, std::uint64_t opens) const noexcept;
  void add_rejects(std::uint64_t forged, std::uint64_t replayed) const noexcept;

  /// What this run's sealers and openers reported.
  seal_totals totals() const noexcept;

 private:
  const crypto::backend* backend_ = nullptr;
  const crypto::cipher_info* cipher_ = nullptr;
  crypto::bytes key_;
  crypto::bytes plaintext_;
  std::unique_ptr<crypto::cipher_context> prototype_;
  std::uint64_t id_ = 0;
  std::uint64_t clock_ns_ = 0;
  mutable std::atomic<std::uint64_t> seal_samples_{0}, seal_sample_ns_{0};
  mutable std::atomic<std::uint64_t> open_samples_{0}, open_sample_ns_{0};
  mutable std::atomic<std::uint64_t> seals_{0}, opens_{0};
  mutable std::atomic<std::uint64_t> forged_{0}, replayed_{0};
};

/// One sending side: seals with its own id and the counters 0, 1, 2, ...
/// Ids must be unique among a run's sealers, so no nonce repeats under the key.
class message_sealer {
 public:
  message_sealer() = default;
  message_sealer(const seal_keys* keys, std::uint32_t sender) : keys_(keys), sender_(sender) {}
  message_sealer(message_sealer&& other) noexcept;
  message_sealer& operator=(message_sealer&& other) noexcept;
  ~message_sealer();

  /// The next payload. An empty one with crypto off; an error only if the
  /// cipher fails.
  result<sealed_payload> seal();

  /// The same into `p`, whose byte buffer is reused (a recycled payload):
  /// nothing on success, else why the cipher failed.
  std::optional<error> seal_into(sealed_payload& p);

  std::uint32_t sender() const noexcept { return sender_; }

  /// Whether seal() makes empty payloads (crypto off).
  bool plain() const noexcept { return keys_ == nullptr || !keys_->on(); }

  /// Crypto off: the counter seal() would put in its next (empty) payload,
  /// without building the payload and its result (inline, for the hot loops).
  std::uint64_t next_plain() noexcept { return next_++; }

 private:
  void report() noexcept;

  const seal_keys* keys_ = nullptr;
  std::uint32_t sender_ = 0;
  std::uint64_t next_ = 0;
  std::uint64_t reported_ = 0;
};

/// One receiving side: opens payloads and counts forged and replayed ones.
/// A sender's messages to one receiver arrive in the order sent (CAF's
/// per-pair FIFO), so its counters must rise.
class message_opener {
 public:
  message_opener() = default;
  /// `dense_senders`: sender ids below it are tracked in a flat vector
  /// (mailbox's 100 senders); others in a hash map.
  explicit message_opener(const seal_keys* keys, std::size_t dense_senders = 0);
  /// The same for the ids [first_dense, first_dense + dense_senders) (a
  /// spawn-tree parent's children, whose tree indices are consecutive).
  message_opener(const seal_keys* keys, std::size_t dense_senders, std::uint32_t first_dense);
  message_opener(message_opener&& other) noexcept;
  message_opener& operator=(message_opener&& other) noexcept;
  ~message_opener();

  open_verdict open(const sealed_payload& p);

  /// open() of an empty payload, inline when crypto is off and the sender is
  /// a dense one whose counter is fresh (the hot case); otherwise open().
  open_verdict open_plain(std::uint32_t sender, std::uint64_t counter) {
    const auto slot = static_cast<std::uint64_t>(sender) - dense_base_;
    if ((keys_ == nullptr || !keys_->on()) && slot < dense_.size() && counter + 1 > dense_[slot]) {
      dense_[slot] = counter + 1;
      return open_verdict::ok;
    }
    return open(sealed_payload{sender, counter, {}});
  }

  std::uint64_t forged() const noexcept { return forged_; }
  std::uint64_t replayed() const noexcept { return replayed_; }

 private:
  bool fresh(std::uint32_t sender, std::uint64_t counter);
  void report() noexcept;

  const seal_keys* keys_ = nullptr;
  // Per sender: 1 + the last counter seen (0: none yet).
  std::vector<std::uint64_t> dense_;
  std::uint32_t dense_base_ = 0;
  std::unordered_map<std::uint32_t, std::uint64_t> sparse_;
  // Where payloads longer than the stack buffer are opened.
  std::vector<std::uint8_t> scratch_;
  std::uint64_t opened_ = 0;
  std::uint64_t reported_ = 0;
  std::uint64_t forged_ = 0;
  std::uint64_t replayed_ = 0;
  std::uint64_t forged_reported_ = 0;
  std::uint64_t replayed_reported_ = 0;
};

} // namespace actorbench::actors
