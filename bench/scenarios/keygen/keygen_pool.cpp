#include "bench/scenarios/keygen/keygen_pool.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <future>
#include <limits>
#include <memory>
#include <thread>
#include <utility>

#include <caf/atom.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/exit_reason.hpp>
#include <caf/meta/type_name.hpp>
#include <caf/send.hpp>

#include "actors/runtime/countdown_latch.hpp"
#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/shared/timed_actor_run.hpp"

namespace actorbench::actors {

double keygen_sample::wall_per_key() const noexcept {
  return keys == 0 ? std::numeric_limits<double>::quiet_NaN() : wall_s / static_cast<double>(keys);
}

double keygen_sample::thread_seconds_per_key() const noexcept {
  return wall_per_key() * static_cast<double>(threads);
}

namespace {

using clock = std::chrono::steady_clock;

/// Tells a worker to generate its next key.
using keygen_next_atom = caf::atom_constant<caf::atom("kgnext")>;
/// Tells the collector to hand over what it has (time limit reached).
using keygen_stop_atom = caf::atom_constant<caf::atom("kgstop")>;

/// A worker's report of one key, to the collector.
struct key_done {
  std::uint32_t worker = 0;
  /// This key's duration.
  double seconds = 0;
  /// When it ended, in seconds since the cell started.
  double end_s = 0;
  /// Empty on success; otherwise why generation failed.
  std::string failure;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, key_done& x) {
  return f(caf::meta::type_name("actorbench.key_done"), x.worker, x.seconds, x.end_s, x.failure);
}

double seconds_between(clock::time_point from, clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

/// What the collector hands over.
struct collected {
  std::vector<double> key_s;
  std::vector<double> end_s;
  std::vector<std::size_t> worker;
  std::string failure;
};

/// Shared by the workers of one cell; in a shared_ptr because workers may
/// outlive an early return.
struct keygen_job {
  keygen_job(std::size_t keys, std::size_t threads, bool keep_all)
    : keys(keys), keep_all(keep_all), kept(threads), stopped(threads) {}

  const std::size_t keys;
  /// The next key's number: whoever draws a number below `keys` makes it.
  std::atomic<std::size_t> next{0};
  /// Raised at the time limit or at the end; also each generator's cancel flag.
  std::atomic<bool> stop{false};
  /// Written before the first message to any worker, read only after it.
  clock::time_point start;
  caf::actor collector;
  /// Keys kept for validation, one slot per worker, written only by that
  /// worker and read after `stopped` reached zero.
  const bool keep_all;
  std::vector<std::vector<crypto::generated_key>> kept;
  /// Counts workers that terminated.
  countdown_latch stopped;
};

class keygen_worker : public caf::event_based_actor {
 public:
  keygen_worker(caf::actor_config& cfg, std::shared_ptr<keygen_job> job, std::size_t index,
                std::unique_ptr<crypto::key_generator> gen)
    : caf::event_based_actor(cfg), job_(std::move(job)), index_(index), gen_(std::move(gen)) {}

  caf::behavior make_behavior() override {
    return {[this](keygen_next_atom) { step(); }};
  }

  void on_exit() override {
    gen_.reset();
    job_->stopped.count_down();
  }

 private:
  // One key per message, so that a stop or exit message gets a turn
  // between keys.
  void step() {
    auto& job = *job_;
    if (job.stop.load(std::memory_order_relaxed)
        || job.next.fetch_add(1, std::memory_order_relaxed) >= job.keys) {
      quit();
      return;
    }
    auto t0 = clock::now();
    auto key = gen_->generate();
    auto t1 = clock::now();
    key_done done;
    done.worker = static_cast<std::uint32_t>(index_);
    done.seconds = seconds_between(t0, t1);
    done.end_s = seconds_between(job.start, t1);
    if (!key) {
      // A cancelled generation is the stop, not a failure.
      if (!job.stop.load(std::memory_order_relaxed)) {
        done.failure = crypto::describe(gen_->request()) + ": " + key.err().detail;
        caf::anon_send(job.collector, std::move(done));
      }
      quit();
      return;
    }
    if (job.keep_all || job.kept[index_].empty())
      job.kept[index_].push_back(std::move(*key));
    caf::anon_send(job.collector, std::move(done));
    send(this, keygen_next_atom::value);
  }

  std::shared_ptr<keygen_job> job_;
  std::size_t index_;
  std::unique_ptr<crypto::key_generator> gen_;
};

class keygen_collector : public caf::event_based_actor {
 public:
  keygen_collector(caf::actor_config& cfg, std::size_t expected,
                   std::shared_ptr<std::promise<collected>> outcome, keygen_callback on_key)
    : caf::event_based_actor(cfg),
      expected_(expected),
      outcome_(std::move(outcome)),
      on_key_(std::move(on_key)) {}

  caf::behavior make_behavior() override {
    return {[this](const key_done& d) { on_key(d); }, [this](keygen_stop_atom) { finish(); }};
  }

 private:
  void on_key(const key_done& d) {
    if (!d.failure.empty()) {
      data_.failure = d.failure;
      finish();
      return;
    }
    data_.key_s.push_back(d.seconds);
    data_.end_s.push_back(d.end_s);
    data_.worker.push_back(d.worker);
    if (on_key_)
      on_key_(keygen_progress{data_.key_s.size(), expected_, d.seconds, d.worker});
    if (data_.key_s.size() == expected_)
      finish();
  }

  void finish() {
    outcome_->set_value(std::move(data_));
    quit();
  }

  std::size_t expected_;
  std::shared_ptr<std::promise<collected>> outcome_;
  keygen_callback on_key_;
  collected data_;
};

// Generous: a cancelled RSA or DH generation stops within one prime
// candidate, the other algorithms take microseconds per key.
constexpr auto teardown_limit = std::chrono::seconds{60};

// Upper bound on workers, each of which is a thread.
constexpr std::size_t max_keygen_threads = 1024;

error generator_error(const crypto::error& e) {
  return error{e.code == crypto::errc::backend_failure ? errc::crypto_failure : errc::bad_parameter,
               e.detail};
}

} // namespace

std::size_t keygen_bytes_per_key(const crypto::keygen_request& request, bool keeps_keys) {
  constexpr std::size_t timings = 48, key_structures = 4096;
  if (!keeps_keys)
    return timings;
  return timings + key_structures + (crypto::has_key_size(request.algo) ? request.bits : 0);
}

namespace {

// Every generator, made before the clock starts so that the cell times
// generation only, not fetching algorithms: one per worker, then the validator.
result<std::vector<std::unique_ptr<crypto::key_generator>>> make_generators(
  const keygen_params& params) {
  std::vector<std::unique_ptr<crypto::key_generator>> gens;
  for (std::size_t i = 0; i <= params.threads; ++i) {
    auto gen = crypto::make_key_generator(params.request);
    if (!gen)
      return generator_error(gen.err());
    gens.push_back(std::move(*gen));
  }
  return gens;
}

// The cell as a timed run: all keys or the time limit, or a stop asked for
// (checked every 50 ms); then every worker is stopped, done or not.
timed_actor_steps keygen_steps(const keygen_params& params, keygen_job& job,
                               std::vector<caf::actor>& workers, std::future<collected>& future) {
  timed_actor_steps steps;
  steps.start = [&] {
    job.start = clock::now();
    for (const auto& w : workers)
      caf::anon_send(w, keygen_next_atom::value);
  };
  steps.limit = params.time_limit;
  steps.wait_done = [&](clock::time_point until) {
    return future.wait_until(until) == std::future_status::ready;
  };
  steps.poll = [&params] { return params.stop != nullptr && params.stop->load(); };
  steps.period = std::chrono::milliseconds{50};
  steps.deadline = on_deadline::keep_partial;
  steps.stop = [&](bool) {
    job.stop.store(true);
    for (const auto& w : workers)
      caf::anon_send_exit(w, caf::exit_reason::user_shutdown);
    workers.clear();
  };
  steps.wait_gone = [&](clock::time_point until) { return job.stopped.wait_until(until); };
  steps.teardown_limit = teardown_limit;
  steps.alive = [&] {
    return std::to_string(job.stopped.remaining()) + " of " + std::to_string(params.threads)
           + " key generation workers did not stop";
  };
  return steps;
}

// The sample of what the collector had; for a partial cell only the keys
// finished by the time limit, `limit_s` after the start.
keygen_sample make_sample(const keygen_params& params, collected data, bool complete,
                          double limit_s) {
  keygen_sample s;
  s.threads = params.threads;
  s.requested = params.keys;
  s.partial = !complete;
  if (complete) {
    s.wall_s = data.end_s.empty() ? 0 : *std::max_element(data.end_s.begin(), data.end_s.end());
    s.key_s = std::move(data.key_s);
    s.key_worker = std::move(data.worker);
  } else {
    // Only keys finished by the time limit count; one that finished while
    // the others were being stopped would make the rate look better.
    s.wall_s = limit_s;
    for (std::size_t i = 0; i < data.key_s.size(); ++i)
      if (data.end_s[i] <= s.wall_s) {
        s.key_s.push_back(data.key_s[i]);
        s.key_worker.push_back(data.worker[i]);
      }
  }
  s.keys = s.key_s.size();
  return s;
}

// Validates the kept keys into `s` and hands them to the key sink.
void validate(const keygen_params& params, keygen_job& job, crypto::key_generator& validator,
              keygen_sample& s) {
  for (auto& slot : job.kept)
    for (auto& key : slot) {
      ++s.validated;
      auto ok = validator.validate(key);
      if (ok && *ok)
        continue;
      ++s.validation_failures;
      if (s.first_validation_failure.empty())
        s.first_validation_failure =
          ok ? crypto::describe(params.request) + ": a generated key failed validation"
             : ok.err().detail;
    }
  if (params.key_sink)
    for (auto& slot : job.kept)
      for (auto& key : slot)
        params.key_sink(key);
}

// Starts the workers, waits for every key or the time limit (or a stop
// asked for), stops the workers and takes what the collector has.
result<collected> generate(const keygen_params& params, keygen_callback on_key,
                           const std::shared_ptr<keygen_job>& shared,
                           std::vector<std::unique_ptr<crypto::key_generator>>& gens,
                           bool& complete, clock::time_point& stopped_at) {
  auto& job = *shared;
  auto outcome = std::make_shared<std::promise<collected>>();
  auto future = outcome->get_future();
  // Detached workers: one key can take minutes, which would hold a scheduler
  // thread that long; detached, each worker has a thread of its own, so
  // exactly `threads` threads generate, whatever the scheduler does, and the
  // collector stays responsive. The scheduler (sharing policy: idle threads
  // sleep rather than poll for work to steal) only runs the collector.
  auto rt = std::make_unique<runtime>(scheduler_settings{params.threads, "sharing", {}});
  auto& sys = rt->system();
  job.collector = sys.spawn<keygen_collector>(params.keys, outcome, std::move(on_key));
  std::vector<caf::actor> workers;
  for (std::size_t i = 0; i < params.threads; ++i) {
    gens[i]->set_cancel_flag(&job.stop);
    workers.push_back(sys.spawn<keygen_worker, caf::detached>(shared, i, std::move(gens[i])));
  }
  auto run = run_timed(keygen_steps(params, job, workers, future));
  complete = run.done;
  stopped_at = run.ended;
  if (!run.gone) {
    // Destroying the system would join the stuck workers: let it go on a
    // thread of its own instead of blocking the caller.
    std::thread([rt = std::move(rt)]() mutable { rt.reset(); }).detach();
    return *run.failure;
  }
  if (!complete) {
    caf::anon_send(job.collector, keygen_stop_atom::value);
    if (future.wait_for(teardown_limit) != std::future_status::ready)
      return error{errc::teardown_timeout, "the key collector did not answer"};
  }
  auto data = future.get();
  job.collector = nullptr;
  return data;
}

} // namespace

result<keygen_sample> run_keygen(const keygen_params& params, keygen_callback on_key) {
  if (params.threads == 0 || params.threads > max_keygen_threads)
    return error{errc::bad_parameter, "threads " + std::to_string(params.threads) + " outside 1.."
                                        + std::to_string(max_keygen_threads)};
  if (params.keys == 0)
    return error{errc::bad_parameter, "keys must be at least 1"};
  auto gens = make_generators(params);
  if (!gens)
    return gens.err();
  auto validator = std::move(gens->back());
  gens->pop_back();
  auto job = std::make_shared<keygen_job>(params.keys, params.threads,
                                          params.keys <= 10 || params.key_sink != nullptr);
  bool complete = false;
  clock::time_point stopped_at;
  auto data = generate(params, std::move(on_key), job, *gens, complete, stopped_at);
  if (!data)
    return data.err();
  if (!data->failure.empty())
    return error{errc::crypto_failure, data->failure};
  auto s = make_sample(params, std::move(*data), complete, seconds_between(job->start, stopped_at));
  // Validation is not timed: it runs here, after the workers are gone.
  validate(params, *job, *validator, s);
  return s;
}

} // namespace actorbench::actors
