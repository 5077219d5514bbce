#include "bench/cipher_benchmark.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <utility>

#include "actors/fanout/payload.hpp"
#include "actors/runtime/thread_context_cache.hpp"
#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"

namespace actorbench::bench {

namespace {

using clock = std::chrono::steady_clock;

// More threads than this is a typo, not a benchmark.
constexpr std::size_t max_threads = 1024;

// Read the clock about every 64 decrypts, fewer for large messages so that an
// iteration overshoots its time by well under a millisecond.
std::size_t clock_check_interval(std::size_t size) {
  return std::clamp<std::size_t>(65536 / std::max<std::size_t>(size, 1), 1, 64);
}

// splitmix64: deterministic "random-ish" plaintext, the same on every run.
crypto::bytes make_plaintext(std::size_t size) {
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

// One benchmark thread's working set for one case, made before timing.
struct worker {
  // per-actor only: this thread's own context.
  std::unique_ptr<crypto::cipher_context> context;
  crypto::bytes out;
  // Results of the latest iteration.
  std::uint64_t ops = 0;
  std::size_t failures = 0;
  std::string first_failure;
  clock::time_point end;
};

// One case, prepared: message encrypted once, contexts made.
struct prepared_case {
  const cipher_case* spec = nullptr;
  crypto::bytes key;
  crypto::bytes nonce;
  crypto::bytes plaintext;
  crypto::bytes ciphertext;
  // per-thread only: what the thread caches clone from.
  std::unique_ptr<crypto::cipher_context> prototype;
  std::vector<worker> workers;
  std::size_t check_every = 64;
};

std::string describe(const cipher_case& c) {
  return std::string{c.backend->name()} + "/" + c.cipher->name + "/"
         + std::string{actors::to_string(c.context)} + "/" + std::to_string(c.size);
}

std::optional<error> validate(const cipher_bench_settings& s) {
  if (s.cases.empty())
    return bad_input("no cipher cases to run");
  if (s.iterations == 0)
    return bad_input("iterations must be at least 1");
  if (s.threads == 0)
    return bad_input("threads must be at least 1");
  if (s.threads > max_threads)
    return bad_input("threads " + std::to_string(s.threads) + " is too many; at most "
                     + std::to_string(max_threads));
  if (s.iteration_time.count() <= 0)
    return bad_input("iteration time must be positive, got "
                     + std::to_string(s.iteration_time.count()) + " ms");
  for (std::size_t i = 0; i < s.cases.size(); ++i) {
    const auto& c = s.cases[i];
    auto where = "cipher case " + std::to_string(i + 1) + ": ";
    if (c.backend == nullptr)
      return bad_input(where + "no back-end");
    if (c.cipher == nullptr)
      return bad_input(where + "no cipher");
    if (c.backend->find_cipher(c.cipher->name) != c.cipher)
      return bad_input(where + "cipher " + c.cipher->name + " does not belong to back-end "
                       + std::string{c.backend->name()});
    if (!c.backend->is_available())
      return bad_input(where + "back-end " + std::string{c.backend->name()} + " is not available");
    if (!c.cipher->available)
      return bad_input(where + std::string{c.backend->name()} + "/" + c.cipher->name
                       + " is not available: " + c.cipher->unavailable_reason);
    if (c.size == 0)
      return bad_input(where + "message size must be at least 1 byte");
    if (c.size > max_cipher_message_size)
      return bad_input(where + "message size " + std::to_string(c.size) + " is too large; at most "
                       + std::to_string(max_cipher_message_size));
  }
  return std::nullopt;
}

result<prepared_case> prepare(const cipher_case& c, std::size_t threads) {
  prepared_case p;
  p.spec = &c;
  const auto& ci = *c.cipher;
  auto seed_key = *crypto::from_hex(actors::seed_key_hex);
  for (std::size_t i = 0; i < ci.key_size; ++i)
    p.key.push_back(seed_key[i % seed_key.size()]);
  for (std::size_t i = 0; i < ci.nonce_size; ++i)
    p.nonce.push_back(static_cast<std::uint8_t>(0xa0 + i));
  p.plaintext = make_plaintext(c.size);
  p.check_every = clock_check_interval(c.size);

  auto fail = [&](const std::string& what, const crypto::error& e) {
    return runtime_failure(describe(c) + ": " + what + ": " + e.detail);
  };
  auto encryptor = c.backend->make_context(ci.name, p.key);
  if (!encryptor)
    return fail("make_context", encryptor.err());
  p.ciphertext.resize(c.size + ci.overhead);
  auto written = (*encryptor)->encrypt(p.nonce, p.plaintext, p.ciphertext.data());
  if (!written)
    return fail("encrypting the message", written.err());
  if (*written != p.ciphertext.size())
    return runtime_failure(describe(c) + ": encrypting " + std::to_string(c.size) + " bytes wrote "
                           + std::to_string(*written) + ", expected "
                           + std::to_string(p.ciphertext.size()));

  p.workers.resize(threads);
  for (auto& w : p.workers) {
    w.out.resize(p.ciphertext.size());
    if (c.context == actors::context_strategy::per_actor) {
      auto ctx = c.backend->make_context(ci.name, p.key);
      if (!ctx)
        return fail("make_context", ctx.err());
      w.context = std::move(*ctx);
    }
  }
  if (c.context == actors::context_strategy::per_thread) {
    auto ctx = c.backend->make_context(ci.name, p.key);
    if (!ctx)
      return fail("make_context", ctx.err());
    p.prototype = std::move(*ctx);
  }
  return p;
}

// Kept out of line so the measured loop stays small.
[[gnu::noinline]] void record_failure(worker& w, std::string what) {
  if (w.failures++ == 0)
    w.first_failure = std::move(what);
}

[[gnu::noinline]] void check_decrypt(worker& w, const crypto::result<std::size_t>& r,
                                     std::size_t expected) {
  if (!r)
    record_failure(w, std::string{crypto::to_string(r.err().code)} + ": " + r.err().detail);
  else if (*r != expected)
    record_failure(
      w, "decrypt wrote " + std::to_string(*r) + " bytes, expected " + std::to_string(expected));
}

// The timed loop: `op` decrypts once; the clock is read every `every` ops.
template <class Op>
void decrypt_loop(worker& w, std::size_t every, clock::time_point deadline, Op op) {
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

void run_worker(prepared_case& p, worker& w, clock::time_point deadline) {
  const auto& c = *p.spec;
  const crypto::backend& backend = *c.backend;
  const crypto::cipher_info& ci = *c.cipher;
  const crypto::bytes_view nonce{p.nonce};
  const crypto::bytes_view in{p.ciphertext};
  const std::size_t expected = c.size;
  std::uint8_t* out = w.out.data();
  switch (c.context) {
    case actors::context_strategy::per_message:
      decrypt_loop(w, p.check_every, deadline, [&] {
        check_decrypt(w, backend.decrypt_once(ci.name, p.key, nonce, in, out), expected);
      });
      break;
    case actors::context_strategy::per_actor: {
      crypto::cipher_context& ctx = *w.context;
      decrypt_loop(w, p.check_every, deadline,
                   [&] { check_decrypt(w, ctx.decrypt(nonce, in, out), expected); });
      break;
    }
    case actors::context_strategy::per_thread: {
      const crypto::cipher_context& prototype = *p.prototype;
      decrypt_loop(w, p.check_every, deadline, [&] {
        auto* ctx = actors::thread_cached_context(backend, ci, p.key, prototype);
        if (ctx == nullptr)
          record_failure(w, "cloning the thread's context failed");
        else
          check_decrypt(w, ctx->decrypt(nonce, in, out), expected);
      });
      break;
    }
  }
  // The content check, once per iteration, on the last output.
  if (std::memcmp(out, p.plaintext.data(), expected) != 0)
    record_failure(w, "the decrypted message differs from the plaintext");
}

struct iteration_outcome {
  std::uint64_t ops = 0;
  double elapsed_us = 0;
  std::size_t failures = 0;
  std::string first_failure;
};

// One iteration of one case: all threads start together, run until the
// deadline, and their decrypts are summed over the wall time.
result<iteration_outcome> run_iteration(prepared_case& p, std::chrono::milliseconds time) {
  const std::size_t n = p.workers.size();
  for (auto& w : p.workers) {
    std::fill(w.out.begin(), w.out.end(), std::uint8_t{0});
    w.ops = 0;
    w.failures = 0;
    w.first_failure.clear();
  }
  std::atomic<std::size_t> ready{0};
  std::atomic<bool> go{false};
  clock::time_point start;
  clock::time_point deadline;
  std::vector<std::thread> threads;
  threads.reserve(n);
  auto release = [&] {
    // Publishes `deadline`; the threads read it after seeing `go`.
    go.store(true, std::memory_order_release);
    for (auto& t : threads)
      t.join();
  };
  try {
    for (std::size_t i = 0; i < n; ++i)
      threads.emplace_back([&p, &ready, &go, &deadline, i] {
        ready.fetch_add(1, std::memory_order_acq_rel);
        while (!go.load(std::memory_order_acquire))
          std::this_thread::yield();
        run_worker(p, p.workers[i], deadline);
      });
  } catch (const std::system_error& e) {
    deadline = clock::now();
    release();
    return runtime_failure(describe(*p.spec) + ": could not start benchmark thread "
                           + std::to_string(threads.size() + 1) + ": " + e.what());
  }
  while (ready.load(std::memory_order_acquire) < n)
    std::this_thread::yield();
  start = clock::now();
  deadline = start + time;
  release();

  iteration_outcome o;
  clock::time_point end = start;
  for (auto& w : p.workers) {
    o.ops += w.ops;
    end = std::max(end, w.end);
    if (w.failures > 0 && o.failures == 0)
      o.first_failure = w.first_failure;
    o.failures += w.failures;
  }
  o.elapsed_us = std::chrono::duration<double, std::micro>(end - start).count();
  return o;
}

} // namespace

std::string cipher_label(const cipher_result& r) {
  auto label = r.backend + "/" + r.cipher + "/" + r.context + "/" + std::to_string(r.size);
  if (r.threads > 1)
    label += "/" + std::to_string(r.threads) + "-threads";
  return label;
}

result<std::vector<cipher_result>> run_cipher_benchmarks(const cipher_bench_settings& settings,
                                                         const cipher_progress_callback& progress) {
  if (auto err = validate(settings))
    return *err;

  std::vector<prepared_case> cases;
  std::vector<cipher_result> results;
  for (const auto& c : settings.cases) {
    auto p = prepare(c, settings.threads);
    if (!p)
      return p.err();
    cases.push_back(std::move(*p));
    cipher_result r;
    r.backend = std::string{c.backend->name()};
    r.cipher = c.cipher->name;
    r.context = std::string{actors::to_string(c.context)};
    r.size = c.size;
    r.threads = settings.threads;
    r.aead = c.cipher->aead;
    r.warmup_iterations = settings.warmup_iterations;
    r.iterations = settings.iterations;
    r.iteration_time = settings.iteration_time;
    results.push_back(std::move(r));
  }

  const std::size_t rounds = settings.warmup_iterations + settings.iterations;
  const std::size_t total = rounds * cases.size();
  std::size_t done = 0;
  for (std::size_t round = 0; round < rounds; ++round) {
    const bool measured = round >= settings.warmup_iterations;
    for (std::size_t i = 0; i < cases.size(); ++i) {
      auto o = run_iteration(cases[i], settings.iteration_time);
      if (!o)
        return o.err();
      if (measured) {
        auto& r = results[i];
        r.ops.push_back(o->ops);
        r.elapsed_us.push_back(o->elapsed_us);
        r.ops_per_us.push_back(o->elapsed_us > 0 ? o->ops / o->elapsed_us : 0.0);
        if (o->failures > 0 && r.failures == 0)
          r.first_failure = o->first_failure;
        r.failures += o->failures;
      }
      if (progress)
        progress(++done, total);
    }
  }
  return results;
}

} // namespace actorbench::bench
