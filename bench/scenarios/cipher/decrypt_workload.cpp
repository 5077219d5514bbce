#include "bench/scenarios/cipher/decrypt_workload.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <system_error>
#include <thread>
#include <utility>

#include "bench/scenarios/fanout/payload.hpp"
#include "actors/runtime/thread_context_cache.hpp"

namespace actorbench::bench {

namespace {

using clock = std::chrono::steady_clock;
using worker = decrypt_workload::worker;

// About every 64 ops, fewer for large messages, so that an iteration
// overshoots its time by well under a millisecond.
std::size_t clock_check_interval(std::size_t size) {
  return std::clamp<std::size_t>(65536 / std::max<std::size_t>(size, 1), 1, 64);
}

// splitmix64: the same pseudo-random plaintext on every run.
crypto::bytes pseudo_random_bytes(std::size_t size) {
  crypto::bytes out(size);
  std::uint64_t state = 0x5eed0000cafef00dULL;
  for (std::size_t i = 0; i < size; i += 8) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    for (std::size_t k = 0; k < 8 && i + k < size; ++k)
      out[i + k] = static_cast<std::uint8_t>(z >> (8 * k));
  }
  return out;
}

// Out of line so that the timed loop stays small.
[[gnu::noinline]] void note_failure(worker& w, std::string what) {
  if (w.failures++ == 0)
    w.first_failure = std::move(what);
}

[[gnu::noinline]] void check_output(worker& w, const crypto::result<std::size_t>& r,
                                    std::size_t expected) {
  if (!r)
    note_failure(w, std::string{crypto::to_string(r.err().code)} + ": " + r.err().detail);
  else if (*r != expected)
    note_failure(
      w, "the op wrote " + std::to_string(*r) + " bytes, expected " + std::to_string(expected));
}

// The timed loop: `op` decrypts (or encrypts) once; the clock is read every `every` ops.
template <class Op>
void timed_loop(worker& w, std::size_t every, clock::time_point deadline, Op op) {
  std::uint64_t ops = 0;
  for (;;) {
    for (std::size_t k = 0; k < every; ++k)
      op();
    ops += every;
    if (clock::now() >= deadline)
      break;
  }
  w.end = clock::now();
  w.ops = ops;
}

// What one timed op does, per direction: with a context, or per message.
struct decrypt_op {
  crypto::result<std::size_t> operator()(crypto::cipher_context& ctx, crypto::bytes_view nonce,
                                         crypto::bytes_view in, std::uint8_t* out) const {
    return ctx.decrypt(nonce, in, out);
  }
  crypto::result<std::size_t> once(const crypto::backend& b, const crypto::cipher_info& ci,
                                   crypto::bytes_view key, crypto::bytes_view nonce,
                                   crypto::bytes_view in, std::uint8_t* out) const {
    return b.decrypt_once(ci.name, key, nonce, in, out);
  }
};

struct encrypt_op {
  crypto::result<std::size_t> operator()(crypto::cipher_context& ctx, crypto::bytes_view nonce,
                                         crypto::bytes_view in, std::uint8_t* out) const {
    return ctx.encrypt(nonce, in, out);
  }
  crypto::result<std::size_t> once(const crypto::backend& b, const crypto::cipher_info& ci,
                                   crypto::bytes_view key, crypto::bytes_view nonce,
                                   crypto::bytes_view in, std::uint8_t* out) const {
    return b.encrypt_once(ci.name, key, nonce, in, out);
  }
};

} // namespace

std::string decrypt_workload::describe() const {
  return std::string{spec_.backend->name()} + "/" + spec_.cipher->name + "/"
         + std::string{actors::to_string(spec_.context)} + "/" + std::to_string(spec_.size)
         + (spec_.direction == cipher_direction::encrypt ? "/encrypt" : "");
}

result<std::unique_ptr<decrypt_workload>> decrypt_workload::prepare(const decrypt_case& c) {
  std::unique_ptr<decrypt_workload> p{new decrypt_workload(c)};
  const auto& ci = *c.cipher;
  auto seed_key = *crypto::from_hex(actors::seed_key_hex);
  for (std::size_t i = 0; i < ci.key_size; ++i)
    p->key_.push_back(seed_key[i % seed_key.size()]);
  for (std::size_t i = 0; i < ci.nonce_size; ++i)
    p->nonce_.push_back(static_cast<std::uint8_t>(0xa0 + i));
  p->plaintext_ = pseudo_random_bytes(c.size);
  p->check_every_ = clock_check_interval(c.size);
  auto context = [&]() { return c.backend->make_context(ci.name, p->key_); };
  auto fail = [&](const std::string& what, const crypto::error& e) {
    return runtime_failure(p->describe() + ": " + what + ": " + e.detail);
  };
  auto encryptor = context();
  if (!encryptor)
    return fail("make_context", encryptor.err());
  p->ciphertext_.resize(c.size + ci.overhead);
  auto written = (*encryptor)->encrypt(p->nonce_, p->plaintext_, p->ciphertext_.data());
  if (!written)
    return fail("encrypting the message", written.err());
  if (*written != p->ciphertext_.size())
    return runtime_failure(p->describe() + ": encrypting " + std::to_string(c.size)
                           + " bytes wrote " + std::to_string(*written) + ", expected "
                           + std::to_string(p->ciphertext_.size()));
  p->workers_.resize(c.threads);
  for (auto& w : p->workers_) {
    w.out.resize(p->ciphertext_.size());
    if (c.context != actors::context_strategy::per_actor)
      continue;
    auto own = context();
    if (!own)
      return fail("make_context", own.err());
    w.context = std::move(*own);
  }
  if (c.context == actors::context_strategy::per_thread) {
    auto prototype = context();
    if (!prototype)
      return fail("make_context", prototype.err());
    p->prototype_ = std::move(*prototype);
  }
  if (c.direction == cipher_direction::encrypt)
    p->check_buffer_.resize(c.size);
  p->checker_ = std::move(*encryptor);
  return p;
}

void decrypt_workload::run_worker(worker& w, clock::time_point deadline) {
  if (spec_.direction == cipher_direction::encrypt)
    run_strategy(w, deadline, encrypt_op{});
  else
    run_strategy(w, deadline, decrypt_op{});
}

template <class Op>
void decrypt_workload::run_strategy(worker& w, clock::time_point deadline, Op op) {
  const crypto::backend& backend = *spec_.backend;
  const crypto::cipher_info& ci = *spec_.cipher;
  const bool encrypting = spec_.direction == cipher_direction::encrypt;
  const crypto::bytes_view nonce{nonce_};
  const crypto::bytes_view in{encrypting ? plaintext_ : ciphertext_};
  const std::size_t expected = encrypting ? ciphertext_.size() : spec_.size;
  std::uint8_t* out = w.out.data();
  switch (spec_.context) {
    case actors::context_strategy::per_message:
      timed_loop(w, check_every_, deadline,
                 [&] { check_output(w, op.once(backend, ci, key_, nonce, in, out), expected); });
      break;
    case actors::context_strategy::per_actor: {
      crypto::cipher_context& ctx = *w.context;
      timed_loop(w, check_every_, deadline,
                 [&] { check_output(w, op(ctx, nonce, in, out), expected); });
      break;
    }
    case actors::context_strategy::per_thread: {
      const crypto::cipher_context& prototype = *prototype_;
      timed_loop(w, check_every_, deadline, [&] {
        auto* ctx = actors::thread_cached_context(backend, ci, key_, prototype);
        if (ctx == nullptr)
          note_failure(w, "cloning the thread's context failed");
        else
          check_output(w, op(*ctx, nonce, in, out), expected);
      });
      break;
    }
  }
}

// The content check, once per iteration and thread, on the last output; after
// the threads joined, so that the checker context needs no lock.
void decrypt_workload::check_last_output(worker& w) {
  const std::size_t size = spec_.size;
  if (spec_.direction == cipher_direction::decrypt) {
    if (std::memcmp(w.out.data(), plaintext_.data(), size) != 0)
      note_failure(w, "the decrypted message differs from the plaintext");
    return;
  }
  if (!std::equal(w.out.begin(), w.out.end(), ciphertext_.begin(), ciphertext_.end()))
    note_failure(w, "the encrypted message differs from the reference ciphertext");
  auto back = checker_->decrypt(nonce_, w.out, check_buffer_.data());
  if (!back || *back != size || std::memcmp(check_buffer_.data(), plaintext_.data(), size) != 0)
    note_failure(w, "the encrypted message does not decrypt to the plaintext");
}

result<decrypt_iteration> decrypt_workload::run(std::chrono::nanoseconds time) {
  const std::size_t n = workers_.size();
  for (auto& w : workers_) {
    std::fill(w.out.begin(), w.out.end(), std::uint8_t{0});
    w.ops = 0;
    w.failures = 0;
    w.first_failure.clear();
  }
  std::atomic<std::size_t> ready{0};
  std::atomic<bool> go{false};
  clock::time_point deadline;
  std::vector<std::thread> threads;
  threads.reserve(n);
  auto release = [&] {
    // Publishes `deadline`: the threads read it after seeing `go`.
    go.store(true, std::memory_order_release);
    for (auto& t : threads)
      t.join();
  };
  try {
    for (std::size_t i = 0; i < n; ++i)
      threads.emplace_back([this, &ready, &go, &deadline, i] {
        ready.fetch_add(1, std::memory_order_acq_rel);
        while (!go.load(std::memory_order_acquire))
          std::this_thread::yield();
        run_worker(workers_[i], deadline);
      });
  } catch (const std::system_error& e) {
    deadline = clock::now();
    release();
    return runtime_failure(describe() + ": could not start benchmark thread "
                           + std::to_string(threads.size() + 1) + ": " + e.what());
  }
  while (ready.load(std::memory_order_acquire) < n)
    std::this_thread::yield();
  auto start = clock::now();
  deadline = start + std::chrono::duration_cast<clock::duration>(time);
  release();
  for (auto& w : workers_)
    check_last_output(w);

  decrypt_iteration o;
  auto end = start;
  for (auto& w : workers_) {
    o.ops += w.ops;
    end = std::max(end, w.end);
    if (w.failures > 0 && o.failures == 0)
      o.first_failure = w.first_failure;
    o.failures += w.failures;
  }
  o.elapsed_s = std::chrono::duration<double>(end - start).count();
  return o;
}

} // namespace actorbench::bench
