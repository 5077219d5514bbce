#include "actors/fanout.hpp"

#include <limits>
#include <memory>
#include <string>

#include <caf/exit_reason.hpp>
#include <caf/send.hpp>

#include "actors/countdown_latch.hpp"
#include "actors/sender.hpp"
#include "actors/spawner.hpp"

namespace actorbench::actors {

namespace {

double seconds_between(std::chrono::steady_clock::time_point from,
                       std::chrono::steady_clock::time_point to) {
  return std::chrono::duration<double>(to - from).count();
}

std::string seconds_text(std::chrono::milliseconds ms) {
  return std::to_string(ms.count() / 1000.0).substr(0, 5) + " s";
}

} // namespace

result<fanout_sample> run_fanout(caf::actor_system& system, const fanout_params& params) {
  if (params.procs == 0 || params.procs > std::numeric_limits<std::uint32_t>::max())
    return error{errc::bad_parameter, "procs " + std::to_string(params.procs)
                                        + " outside 1.." + std::to_string(
                                          std::numeric_limits<std::uint32_t>::max())};
  std::unique_ptr<crypto::cipher_context> prototype;
  if (params.crypto) {
    if (params.backend == nullptr || params.cipher == nullptr)
      return error{errc::bad_parameter, "crypto on needs a back-end and a cipher"};
    auto ctx = params.backend->make_context(params.cipher->name, params.data.key);
    if (!ctx)
      return error{errc::crypto_failure, ctx.err().detail};
    prototype = std::move(*ctx);
  }
  // Shared state lives in shared_ptrs: after a timeout, stragglers may still
  // touch it when this function has returned.
  auto outcome = std::make_shared<collector_outcome>();
  auto report = outcome->report.get_future();
  auto collector = spawn_collector(system, params.procs, params.data.plaintext, outcome);
  auto job = std::make_shared<const sender_job>(collector, params.backend, params.cipher,
                                                params.context, std::move(prototype),
                                                params.data, params.procs);

  auto start = std::chrono::steady_clock::now();
  spawn_senders(system, job, params.procs, params.spawn);

  if (report.wait_for(params.timeout) != std::future_status::ready) {
    caf::anon_send_exit(collector, caf::exit_reason::kill);
    return error{errc::timeout,
                 "collector received " + std::to_string(outcome->received.load()) + " of "
                   + std::to_string(params.procs) + " replies within "
                   + seconds_text(params.timeout)};
  }
  // Replies can overtake the spawner's count of what it spawned.
  if (!job->spawned.wait_for(params.timeout))
    return error{errc::timeout, "spawning did not finish within " + seconds_text(params.timeout)};
  if (!job->destroyed.wait_for(params.timeout))
    return error{errc::teardown_timeout,
                 std::to_string(job->destroyed.remaining()) + " of "
                   + std::to_string(params.procs) + " senders still alive after "
                   + seconds_text(params.timeout)};
  fanout_sample sample;
  sample.report = report.get();
  sample.spawn_s = seconds_between(start, job->spawned.reached_at());
  sample.replies_s = seconds_between(start, sample.report.done_at);
  sample.teardown_s = seconds_between(start, job->destroyed.reached_at());
  return sample;
}

} // namespace actorbench::actors
