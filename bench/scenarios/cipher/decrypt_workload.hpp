#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "actors/runtime/context_strategy.hpp"
#include "bench/error.hpp"
#include "crypto/backend.hpp"
#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"
#include "crypto/cipher_info.hpp"

namespace actorbench::bench {

/// Largest plaintext one decrypt case takes (each benchmark thread holds a copy).
inline constexpr std::size_t max_decrypt_message_size = std::size_t{64} << 20;

/// Which operation a case times: decrypting the ciphertext (tag verified for
/// AEAD ciphers) or encrypting the plaintext (for AEAD ciphers the seal,
/// ciphertext and tag). The names are the --direction words.
enum class cipher_direction { decrypt, encrypt };

/// What one decrypt case measures: a cipher, where its context comes from,
/// the plaintext bytes per message and the benchmark threads; despite the
/// name, `direction` makes it an encrypt case too.
struct decrypt_case {
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
  actors::context_strategy context = actors::context_strategy::per_actor;
  std::size_t size = 12;
  std::size_t threads = 1;
  cipher_direction direction = cipher_direction::decrypt;
};

/// What one timed iteration of a case did, all threads together.
struct decrypt_iteration {
  std::uint64_t ops = 0;
  double elapsed_s = 0;
  /// Failed or short ops, plus threads whose last output was wrong.
  std::uint64_t failures = 0;
  std::string first_failure;
};

/// One case made ready before any timing: the message encrypted once under a
/// fixed key and nonce, and each thread's context and output buffer. Only
/// run() is timed; it does no lookups. An encrypt case times encrypting the
/// plaintext instead; the ciphertext made here is then its reference.
class decrypt_workload {
 public:
  /// Encrypts `size` deterministic pseudo-random bytes and makes the contexts
  /// the strategy needs (per-actor: one per thread; per-thread: a prototype
  /// the thread caches clone). A context or the encryption failing is a
  /// runtime_failure.
  static result<std::unique_ptr<decrypt_workload>> prepare(const decrypt_case& c);

  /// One iteration: every thread starts together and decrypts (or encrypts)
  /// the message until `time` has passed, reading the clock every few ops;
  /// the ops are summed over the wall time from the common start to the last
  /// end. Each thread's last output is checked after the timing: a decrypt's
  /// against the plaintext, an encrypt's against the reference ciphertext and
  /// by decrypting it back to the plaintext.
  result<decrypt_iteration> run(std::chrono::nanoseconds time);

  const decrypt_case& spec() const noexcept { return spec_; }

  /// "openssl/aes-128-ctr/per-actor/12" ("/encrypt" appended for an encrypt
  /// case), for error messages.
  std::string describe() const;

  /// One thread's working set; public for the loop in the .cpp only.
  struct worker {
    std::unique_ptr<crypto::cipher_context> context;
    crypto::bytes out;
    std::uint64_t ops = 0;
    std::uint64_t failures = 0;
    std::string first_failure;
    std::chrono::steady_clock::time_point end;
  };

 private:
  explicit decrypt_workload(const decrypt_case& c) : spec_(c) {}
  void run_worker(worker& w, std::chrono::steady_clock::time_point deadline);
  template <class Op>
  void run_strategy(worker& w, std::chrono::steady_clock::time_point deadline, Op op);
  void check_last_output(worker& w);

  decrypt_case spec_;
  crypto::bytes key_;
  crypto::bytes nonce_;
  crypto::bytes plaintext_;
  crypto::bytes ciphertext_;
  std::unique_ptr<crypto::cipher_context> prototype_;
  /// The context that made the reference ciphertext; the encrypt check
  /// decrypts each thread's last output with it, after the threads joined.
  std::unique_ptr<crypto::cipher_context> checker_;
  crypto::bytes check_buffer_;
  std::vector<worker> workers_;
  std::size_t check_every_ = 64;
};

} // namespace actorbench::bench
