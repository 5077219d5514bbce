#include "bench/scenarios/shared/sealed_message.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <random>

namespace actorbench::actors {

namespace {

// Each seal_keys gets its own id, so a thread's cached context is never one
// of an earlier run's keys that happened to live at the same address.
std::atomic<std::uint64_t> next_keys_id{1};

struct thread_context {
  std::uint64_t keys_id = 0;
  std::unique_ptr<crypto::cipher_context> context;
};

// 4 bytes of sender id, 8 of counter, zero padding up to the cipher's nonce.
void write_nonce(std::uint8_t* nonce, std::size_t size, std::uint32_t sender,
                 std::uint64_t counter) {
  std::memset(nonce, 0, size);
  std::memcpy(nonce, &sender, sizeof sender);
  std::memcpy(nonce + sizeof sender, &counter, sizeof counter);
}

constexpr std::size_t max_nonce = 32;

std::uint64_t now_ns() {
  return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                      std::chrono::steady_clock::now().time_since_epoch())
                                      .count());
}

// What reading the clock twice costs by itself (the least of many tries):
// taken off every timed call, so seal_s and open_s are the crypto's time,
// not the timer's.
std::uint64_t clock_overhead_ns() {
  std::uint64_t least = ~std::uint64_t{0};
  for (int i = 0; i < 1000; ++i) {
    auto a = now_ns();
    auto b = now_ns();
    least = std::min(least, b - a);
  }
  return least;
}

// Whether this call on this thread is one of the timed ones: 1 in
// seal_keys::sample_every per thread, seals and opens counted apart, the first
// call of each kind timed. Counted per thread, not per sealer or opener:
// per-object counts time every object's first call, and where actors seal or
// open only a few payloads each (spawn-tree) those first, colder calls would
// be nearly all the samples.
bool timed_call(std::uint64_t& calls) noexcept {
  return calls++ % seal_keys::sample_every == 0;
}

thread_local std::uint64_t seal_calls = 0;
thread_local std::uint64_t open_calls = 0;

// Payloads up to this size are opened into a buffer on the stack, so an
// opener's first open allocates nothing.
constexpr std::size_t stack_open_bytes = 1024;

} // namespace

// -- seal_keys ----------------------------------------------------------------

result<std::shared_ptr<seal_keys>> seal_keys::make(const crypto::backend& backend,
                                                   const crypto::cipher_info& cipher,
                                                   std::size_t payload_bytes) {
  std::random_device rd;
  std::mt19937_64 gen{(static_cast<std::uint64_t>(rd()) << 32) | rd()};
  crypto::bytes key(cipher.key_size);
  for (auto& b : key)
    b = static_cast<std::uint8_t>(gen());
  crypto::bytes plaintext(payload_bytes);
  for (auto& b : plaintext)
    b = static_cast<std::uint8_t>(gen());
  return make(backend, cipher, std::move(key), std::move(plaintext));
}

result<std::shared_ptr<seal_keys>> seal_keys::make(const crypto::backend& backend,
                                                   const crypto::cipher_info& cipher,
                                                   crypto::bytes key, crypto::bytes plaintext) {
  if (!cipher.aead)
    return error{errc::bad_parameter, "cipher '" + cipher.name
                                        + "' is not an AEAD cipher: the suite checks a tag on "
                                          "every message"};
  if (cipher.nonce_size < 12 || cipher.nonce_size > max_nonce)
    return error{errc::bad_parameter, "cipher '" + cipher.name + "' has a nonce of "
                                        + std::to_string(cipher.nonce_size)
                                        + " bytes; the suite needs 12 to 32"};
  if (key.size() != cipher.key_size)
    return error{errc::bad_parameter, "a key of " + std::to_string(key.size()) + " bytes for "
                                        + cipher.name + ", which takes "
                                        + std::to_string(cipher.key_size)};
  auto keys = std::make_shared<seal_keys>();
  keys->key_ = std::move(key);
  keys->plaintext_ = std::move(plaintext);
  auto ctx = backend.make_context(cipher.name, keys->key_);
  if (!ctx)
    return error{errc::crypto_failure, "cannot key " + cipher.name + ": " + ctx.err().detail};
  keys->backend_ = &backend;
  keys->cipher_ = &cipher;
  keys->prototype_ = std::move(*ctx);
  keys->id_ = next_keys_id.fetch_add(1);
  keys->clock_ns_ = clock_overhead_ns();
  return keys;
}

crypto::cipher_context* seal_keys::context() const {
  thread_local thread_context cache;
  if (cache.keys_id != id_ || cache.context == nullptr) {
    cache.context = prototype_->clone();
    cache.keys_id = cache.context ? id_ : 0;
  }
  return cache.context.get();
}

void seal_keys::add_seal_sample(std::uint64_t ns) const noexcept {
  ns = ns > clock_ns_ ? ns - clock_ns_ : 0;
  seal_samples_.fetch_add(1, std::memory_order_relaxed);
  seal_sample_ns_.fetch_add(ns, std::memory_order_relaxed);
}

void seal_keys::add_open_sample(std::uint64_t ns) const noexcept {
  ns = ns > clock_ns_ ? ns - clock_ns_ : 0;
  open_samples_.fetch_add(1, std::memory_order_relaxed);
  open_sample_ns_.fetch_add(ns, std::memory_order_relaxed);
}

void seal_keys::add_calls(std::uint64_t seals, std::uint64_t opens) const noexcept {
  seals_.fetch_add(seals, std::memory_order_relaxed);
  opens_.fetch_add(opens, std::memory_order_relaxed);
}

void seal_keys::add_rejects(std::uint64_t forged, std::uint64_t replayed) const noexcept {
  forged_.fetch_add(forged, std::memory_order_relaxed);
  replayed_.fetch_add(replayed, std::memory_order_relaxed);
}

seal_totals seal_keys::totals() const noexcept {
  auto mean = [](const std::atomic<std::uint64_t>& ns, const std::atomic<std::uint64_t>& n) {
    auto count = n.load();
    return count == 0 ? 0.0 : static_cast<double>(ns.load()) / static_cast<double>(count);
  };
  return {seals_.load(),
          opens_.load(),
          mean(seal_sample_ns_, seal_samples_),
          mean(open_sample_ns_, open_samples_),
          forged_.load(),
          replayed_.load()};
}

// -- message_sealer -------------------------------------------------------------

message_sealer::message_sealer(message_sealer&& other) noexcept
  : keys_(other.keys_), sender_(other.sender_), next_(other.next_), reported_(other.reported_) {
  other.keys_ = nullptr;
}

message_sealer& message_sealer::operator=(message_sealer&& other) noexcept {
  if (this != &other) {
    report();
    keys_ = other.keys_;
    sender_ = other.sender_;
    next_ = other.next_;
    reported_ = other.reported_;
    other.keys_ = nullptr;
  }
  return *this;
}

message_sealer::~message_sealer() {
  report();
}

void message_sealer::report() noexcept {
  if (keys_ != nullptr && next_ > reported_) {
    keys_->add_calls(next_ - reported_, 0);
    reported_ = next_;
  }
}

result<sealed_payload> message_sealer::seal() {
  sealed_payload p;
  if (auto err = seal_into(p))
    return std::move(*err);
  return p;
}

std::optional<error> message_sealer::seal_into(sealed_payload& p) {
  p.sender = sender_;
  p.counter = next_++;
  if (keys_ == nullptr || !keys_->on()) {
    p.bytes.clear();
    return std::nullopt;
  }
  const bool timed = timed_call(seal_calls);
  const auto start = timed ? now_ns() : 0;
  auto* ctx = keys_->context();
  if (ctx == nullptr)
    return error{errc::crypto_failure, "out of memory cloning a cipher context"};
  const auto& info = *keys_->cipher();
  std::uint8_t nonce[max_nonce];
  write_nonce(nonce, info.nonce_size, p.sender, p.counter);
  const auto& plain = keys_->plaintext();
  p.bytes.resize(plain.size() + info.overhead);
  auto written = ctx->encrypt({nonce, info.nonce_size}, plain, p.bytes.data());
  if (!written)
    return error{errc::crypto_failure, "sealing failed: " + written.err().detail};
  p.bytes.resize(*written);
  if (timed)
    keys_->add_seal_sample(now_ns() - start);
  // Report counts now and then, so a sealer that lives long still shows up.
  if (next_ - reported_ >= 4096)
    report();
  return std::nullopt;
}

// -- message_opener -------------------------------------------------------------

message_opener::message_opener(const seal_keys* keys, std::size_t dense_senders)
  : keys_(keys), dense_(dense_senders, 0) {}

message_opener::message_opener(const seal_keys* keys, std::size_t dense_senders,
                               std::uint32_t first_dense)
  : keys_(keys), dense_(dense_senders, 0), dense_base_(first_dense) {}

message_opener::message_opener(message_opener&& other) noexcept
  : keys_(other.keys_),
    dense_(std::move(other.dense_)),
    dense_base_(other.dense_base_),
    sparse_(std::move(other.sparse_)),
    scratch_(std::move(other.scratch_)),
    opened_(other.opened_),
    reported_(other.reported_),
    forged_(other.forged_),
    replayed_(other.replayed_),
    forged_reported_(other.forged_reported_),
    replayed_reported_(other.replayed_reported_) {
  other.keys_ = nullptr;
}

message_opener& message_opener::operator=(message_opener&& other) noexcept {
  if (this != &other) {
    report();
    keys_ = other.keys_;
    dense_ = std::move(other.dense_);
    dense_base_ = other.dense_base_;
    sparse_ = std::move(other.sparse_);
    scratch_ = std::move(other.scratch_);
    opened_ = other.opened_;
    reported_ = other.reported_;
    forged_ = other.forged_;
    replayed_ = other.replayed_;
    forged_reported_ = other.forged_reported_;
    replayed_reported_ = other.replayed_reported_;
    other.keys_ = nullptr;
  }
  return *this;
}

message_opener::~message_opener() {
  report();
}

void message_opener::report() noexcept {
  if (keys_ == nullptr)
    return;
  if (opened_ > reported_)
    keys_->add_calls(0, opened_ - reported_);
  if (forged_ > forged_reported_ || replayed_ > replayed_reported_)
    keys_->add_rejects(forged_ - forged_reported_, replayed_ - replayed_reported_);
  reported_ = opened_;
  forged_reported_ = forged_;
  replayed_reported_ = replayed_;
}

bool message_opener::fresh(std::uint32_t sender, std::uint64_t counter) {
  // Ids below the base wrap around to large offsets: they go to the map.
  const auto slot = static_cast<std::uint64_t>(sender) - dense_base_;
  auto& last = slot < dense_.size() ? dense_[slot] : sparse_[sender];
  if (counter + 1 <= last)
    return false;
  last = counter + 1;
  return true;
}

open_verdict message_opener::open(const sealed_payload& p) {
  if (keys_ == nullptr || !keys_->on()) {
    // Crypto off: nothing to open, but replays are still caught.
    if (fresh(p.sender, p.counter))
      return open_verdict::ok;
    ++replayed_;
    report();
    return open_verdict::replayed;
  }
  const bool timed = timed_call(open_calls);
  const auto start = timed ? now_ns() : 0;
  ++opened_;
  const auto& info = *keys_->cipher();
  const auto& plain = keys_->plaintext();
  auto verdict = open_verdict::ok;
  auto* ctx = keys_->context();
  if (ctx == nullptr || p.bytes.size() != plain.size() + info.overhead) {
    verdict = open_verdict::forged;
  } else {
    std::uint8_t nonce[max_nonce];
    write_nonce(nonce, info.nonce_size, p.sender, p.counter);
    std::uint8_t on_stack[stack_open_bytes];
    std::uint8_t* out = on_stack;
    if (p.bytes.size() > stack_open_bytes) {
      scratch_.resize(p.bytes.size());
      out = scratch_.data();
    }
    auto written = ctx->decrypt({nonce, info.nonce_size}, {p.bytes.data(), p.bytes.size()}, out);
    if (!written || *written != plain.size() || std::memcmp(out, plain.data(), plain.size()) != 0)
      verdict = open_verdict::forged;
  }
  // Only an authentic payload may move the window: a forgery must not make
  // the sender's genuine next message look replayed.
  if (verdict == open_verdict::ok && !fresh(p.sender, p.counter))
    verdict = open_verdict::replayed;
  if (timed)
    keys_->add_open_sample(now_ns() - start);
  if (verdict == open_verdict::forged)
    ++forged_;
  else if (verdict == open_verdict::replayed)
    ++replayed_;
  if (verdict != open_verdict::ok || opened_ - reported_ >= 4096)
    report();
  return verdict;
}

} // namespace actorbench::actors
