#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "actors/runtime/context_strategy.hpp"
#include "bench/common/error.hpp"
#include "crypto/backend.hpp"
#include "crypto/cipher_info.hpp"

namespace actorbench::bench {

/// Largest message a cipher case accepts (each benchmark thread holds a copy).
inline constexpr std::size_t max_cipher_message_size = std::size_t{64} << 20;

/// One decrypt microbenchmark: which cipher, where its context comes from,
/// and how many plaintext bytes one message carries.
struct cipher_case {
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
  actors::context_strategy context = actors::context_strategy::per_actor;
  /// Plaintext bytes per message (the ciphertext adds the AEAD tag).
  std::size_t size = 12;
};

/// A JMH-style run: every case is measured in fixed-time iterations.
struct cipher_bench_settings {
  std::vector<cipher_case> cases;
  /// Benchmark threads per iteration, each decrypting with its own context.
  std::size_t threads = 1;
  /// Iterations run and discarded before the measured ones.
  std::size_t warmup_iterations = 3;
  /// Measured iterations per case.
  std::size_t iterations = 5;
  /// Wall time of one iteration.
  std::chrono::milliseconds iteration_time{200};
};

/// What was measured for one case: plain data for the reporters.
struct cipher_result {
  std::string backend;
  std::string cipher;
  /// "per-message", "per-actor" or "per-thread".
  std::string context;
  /// Plaintext bytes per message.
  std::size_t size = 0;
  std::size_t threads = 0;
  bool aead = false;
  std::size_t warmup_iterations = 0;
  std::size_t iterations = 0;
  std::chrono::milliseconds iteration_time{0};
  /// Decrypts per microsecond, all threads together, one per measured iteration.
  std::vector<double> ops_per_us;
  /// Decrypts completed (all threads) and wall microseconds, per measured iteration.
  std::vector<std::uint64_t> ops;
  std::vector<double> elapsed_us;
  /// Decrypts in measured iterations that failed or returned the wrong size,
  /// plus iterations whose last plaintext did not match (checked once per
  /// thread and iteration). Warm-up failures are not counted here.
  std::size_t failures = 0;
  /// The first failure's description; empty when there was none.
  std::string first_failure;
};

/// "openssl/aes-128-ctr/per-actor/12", with "/2-threads" appended when more
/// than one thread ran: the Benchmark column of the reports.
std::string cipher_label(const cipher_result& r);

/// Called after each iteration (warm-up included) with iterations done and total.
using cipher_progress_callback = std::function<void(std::size_t done, std::size_t total)>;

/// Measures every case. Before timing, each case encrypts `size`
/// deterministic pseudo-random bytes once under a fixed key and nonce; the
/// measured operation is one decrypt of that message (tag check included for
/// AEADs), getting its context by the case's strategy:
///  - per-message: backend->decrypt_once() every time (create, key, free);
///  - per-actor: one context per thread from make_context, made before timing;
///  - per-thread: actors::thread_cached_context() looked up on every decrypt.
/// Iterations are interleaved over the cases (all warm-ups first, then A B C,
/// A B C ...). An iteration starts `threads` threads together, each decrypting
/// until `iteration_time` has passed; ops/us is their total over the wall time.
/// Invalid settings are bad_input; a context or the setup encryption failing is
/// a runtime_failure; failing decrypts are counted in `failures`, not errors.
result<std::vector<cipher_result>> run_cipher_benchmarks(
  const cipher_bench_settings& settings, const cipher_progress_callback& progress = {});

} // namespace actorbench::bench
