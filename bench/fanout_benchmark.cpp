#include "bench/fanout_benchmark.hpp"

#include "actors/fanout.hpp"
#include "bench/process_memory.hpp"

namespace actorbench::bench {

result<fanout_result> run_fanout_benchmark(const fanout_config& config,
                                           const progress_callback& progress) {
  fanout_result out;
  out.procs = config.procs;
  out.crypto = config.crypto;
  out.backend = std::string{config.backend->name()};
  out.cipher = config.cipher->name;
  out.runs = config.runs;
  out.warmup = config.warmup;
  out.policy = config.scheduler.policy;
  out.spawn = std::string{actors::to_string(config.spawn)};

  // The payload is made even with crypto off, so every result documents it.
  auto data = actors::make_payload(*config.backend, *config.cipher);
  if (!data)
    return runtime_failure("cannot prepare the payload: " + data.err().detail);
  out.payload = *data;

  actors::fanout_params params;
  params.procs = config.procs;
  params.crypto = config.crypto;
  params.backend = config.backend;
  params.cipher = config.cipher;
  params.data = *data;
  params.spawn = config.spawn;
  params.timeout = config.timeout;

  actors::runtime rt{config.scheduler};
  out.threads = rt.threads();
  reset_peak_rss();
  out.idle_rss_bytes = current_rss_bytes();

  auto total = config.warmup + config.runs;
  for (std::size_t run = 0; run < total; ++run) {
    auto sample = actors::run_fanout(rt.system(), params);
    if (!sample)
      return runtime_failure("run " + std::to_string(run + 1) + " of "
                             + std::to_string(total) + " failed: " + sample.err().detail);
    if (run >= config.warmup) {
      out.samples_s.push_back(sample->replies_s);
      out.spawn_s.push_back(sample->spawn_s);
      out.teardown_s.push_back(sample->teardown_s);
      const auto& r = sample->report;
      out.mismatches += r.mismatches();
      out.wrong_plaintext += r.wrong_plaintext;
      out.failed_decrypts += r.failed_decrypts;
      out.duplicate_ids += r.duplicate_ids;
      out.missing_ids += r.missing_ids;
    }
    if (progress)
      progress(run + 1, total);
  }
  out.peak_rss_bytes = peak_rss_bytes();
  return out;
}

} // namespace actorbench::bench
