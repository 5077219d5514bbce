#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "actors/error.hpp"
#include "crypto/key_generator.hpp"

namespace actorbench::actors {

/// One cell of the key-generation tables: `keys` keys of one request on `threads` threads.
struct keygen_params {
  crypto::keygen_request request;
  /// Worker actors, each generating on its own thread.
  std::size_t threads = 1;
  /// Keys in total; handed out one at a time, so it need not divide by `threads`.
  std::size_t keys = 1;
  /// Longest wait for all keys; when it runs out the keys done so far are
  /// returned, marked partial.
  std::chrono::milliseconds time_limit{600000};
  /// When set and raised (e.g. on SIGINT), the cell ends as at the time
  /// limit: the keys done so far come back, marked partial. Checked every 50 ms.
  const std::atomic<bool>* stop = nullptr;
  /// Given every generated key after the cell (untimed), e.g. to save them
  /// for --dump-keys; when set, all keys are kept and validated.
  std::function<void(const crypto::generated_key&)> key_sink;
};

/// What a cell measured.
struct keygen_sample {
  std::size_t threads = 0;
  /// Keys asked for.
  std::size_t requested = 0;
  /// Keys generated (== requested unless partial).
  std::size_t keys = 0;
  /// From handing out the first key to the end of the last one; for a partial
  /// cell, to the moment the time limit ran out.
  double wall_s = 0;
  /// Each generated key's own duration, in completion order.
  std::vector<double> key_s;
  /// The worker (0..threads-1) that made each key of `key_s`.
  std::vector<std::size_t> key_worker;
  /// The time limit ran out before all keys were generated.
  bool partial = false;
  /// Keys checked with key_generator::validate after the timed run: the
  /// first key of each worker, or every key when there are at most 10.
  std::size_t validated = 0;
  std::size_t validation_failures = 0;
  /// What the first failed validation said; empty when all passed.
  std::string first_validation_failure;

  /// wall_s / keys, the original experiment's first table; NaN without keys.
  double wall_per_key() const noexcept;
  /// wall_s * threads / keys, the original experiment's second table ("thread-seconds");
  /// NaN without keys.
  double thread_seconds_per_key() const noexcept;
};

/// Told about each key as it is done; called on one actor thread at a time,
/// never concurrently, so it needs no locking of its own. Keep it short: it
/// runs while the cell is timed (not on a generating thread).
struct keygen_progress {
  /// Keys done so far, including this one, and the cell's total.
  std::size_t done = 0;
  std::size_t total = 0;
  /// This key's duration.
  double seconds = 0;
  std::size_t worker = 0;
};
using keygen_callback = std::function<void(const keygen_progress&)>;

/// Upper estimate of the memory a cell needs per key, for refusing runs that
/// cannot fit: each key's timings (about 48 bytes while collected), and with a
/// key_sink every private key until the cell ends (its numbers, about `bits`
/// bytes for RSA and DH, plus OpenSSL's structures, counted as 4 KiB).
std::size_t keygen_bytes_per_key(const crypto::keygen_request& request, bool keeps_keys);

/// Runs one cell. Starts its own actor system (scheduler of `threads`
/// threads, sharing policy), builds one key_generator per worker before the
/// clock starts, spawns `threads` detached worker actors and a collector,
/// and waits at most `params.time_limit`. Workers take keys from a shared
/// atomic counter one message at a time and send each key's duration to the
/// collector. When the limit runs out, generations in progress are cancelled
/// and the keys done so far come back with `partial` set.
///
/// Errors: bad_parameter (threads or keys 0, or a request the generator
/// refuses), crypto_failure (a generation failed), teardown_timeout
/// (workers did not stop).
result<keygen_sample> run_keygen(const keygen_params& params, keygen_callback on_key = {});

} // namespace actorbench::actors
