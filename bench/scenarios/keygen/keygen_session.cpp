#include "bench/scenarios/keygen/keygen_session.hpp"

#include <chrono>
#include <thread>
#include <utility>

#include "bench/scenarios/keygen/keygen_pool.hpp"
#include "bench/scenarios/keygen/keygen_estimate.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

using clock = std::chrono::steady_clock;

// No --time-limit: a week, as `actorbench keygen` allowed.
constexpr std::chrono::milliseconds no_limit{7LL * 86'400 * 1000};
// Cells expected to take longer are announced.
constexpr double announce_above_s = 10;

std::string cell_name(const crypto::keygen_request& r, std::size_t threads) {
  return crypto::describe(r) + " on " + std::to_string(threads)
         + (threads == 1 ? " thread" : " threads");
}

std::chrono::milliseconds time_left(const run_context& ctx) {
  auto deadline = ctx.deadline();
  if (deadline == clock::time_point::max())
    return no_limit;
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now());
  return std::min(left, no_limit);
}

void fill(run_record& r, const actors::keygen_sample& s) {
  if (s.keys > 0) {
    r.add("wall_s_per_key", s.wall_per_key());
    r.add("thread_s_per_key", s.thread_seconds_per_key());
  }
  for (double k : s.key_s)
    r.add("key_s", k);
  r.add("cell_wall_s", s.wall_s);
  r.checks["validation_failures"] = s.validation_failures;
  r.facts["key_worker"] = std::vector<double>(s.key_worker.begin(), s.key_worker.end());
  r.facts["validated"] = static_cast<double>(s.validated);
  if (!s.first_validation_failure.empty())
    r.facts["first_validation_failure"] = s.first_validation_failure;
  r.partial = s.partial;
}

} // namespace

result<std::unique_ptr<scenario_session>> keygen_session::make(
  const std::vector<configuration>& plan) {
  std::unique_ptr<keygen_session> s{new keygen_session};
  s->cores_ = std::max(1u, std::thread::hardware_concurrency());
  for (const auto& c : plan) {
    auto path = c.applies("dump-keys") ? c.text("dump-keys") : std::string{};
    if (!path.empty() && !s->dump_) {
      // Private keys go only where --dump-keys says, readable by the owner alone.
      auto opened = output_file::open(path, "--dump-keys", file_access::owner_only);
      if (!opened)
        return opened.err();
      s->dump_ = std::move(*opened);
    }
    auto request = request_of(c);
    auto name = crypto::describe(request);
    if (s->per_key_.count(name) > 0)
      continue;
    auto per_key = calibrate_key_seconds(request);
    if (!per_key)
      return per_key.err();
    s->per_key_[name] = *per_key;
  }
  return std::unique_ptr<scenario_session>{std::move(s)};
}

keygen_session::~keygen_session() {
  if (dump_ && dumped_ > 0)
    (void)dump_->commit();
}

double keygen_session::cost_hint(const configuration& c) const {
  auto request = request_of(c);
  auto per_key = scaled_key_seconds(request.algo, 1024, 1.0, request.bits);
  return cell_seconds_estimate(per_key, static_cast<std::size_t>(c.integer("keys")),
                               static_cast<std::size_t>(c.integer("threads")), cores_);
}

void keygen_session::announce(const run_context& ctx) const {
  const auto& c = ctx.config();
  auto request = request_of(c);
  auto per_key = per_key_.find(crypto::describe(request));
  if (per_key == per_key_.end() || ctx.run_index() != 0 || ctx.warmup())
    return;
  auto keys = static_cast<std::size_t>(c.integer("keys"));
  auto threads = static_cast<std::size_t>(c.integer("threads"));
  auto estimate = cell_seconds_estimate(per_key->second, keys, threads, cores_);
  if (estimate > announce_above_s)
    ctx.note(crypto::describe(request) + " x " + counted(keys, "key") + " on "
             + counted(threads, "thread") + ": about " + std::to_string(static_cast<long>(estimate))
             + " s (from a short calibration)");
}

result<run_record> keygen_session::run(run_context& ctx) {
  const auto& c = ctx.config();
  run_record record;
  auto left = time_left(ctx);
  if (left.count() <= 0 || ctx.stop().load()) {
    record.partial = true;
    return record;
  }
  announce(ctx);
  auto request = request_of(c);
  auto threads = static_cast<std::size_t>(c.integer("threads"));
  actors::keygen_params params{request, threads,     static_cast<std::size_t>(c.integer("keys")),
                               left,    &ctx.stop(), {}};
  if (dump_)
    params.key_sink = [this](const crypto::generated_key& key) {
      dump_->stream() << crypto::to_pem(key);
      ++dumped_;
    };
  auto sample = actors::run_keygen(params, [&ctx](const actors::keygen_progress& p) {
    ctx.progress(static_cast<double>(p.done) / static_cast<double>(p.total));
  });
  if (!sample)
    return runtime_failure(sample.err(), "keygen " + cell_name(request, threads) + " failed");
  if (dump_ && !dump_->stream())
    return runtime_failure("cannot write --dump-keys: a write failed");
  fill(record, *sample);
  return record;
}

} // namespace actorbench::bench
