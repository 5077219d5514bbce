// The subcommands as the actorbench command runs them: run the library,
// print its results, turn its errors into a line on stderr and an exit code.
// Part of the executable, not of the library (which never prints).
#include "bench/commands.hpp"

#include <unistd.h>

#include <chrono>
#include <functional>
#include <iostream>
#include <optional>
#include <thread>

#include "actors/keygen/keygen_pool.hpp"
#include "bench/cipher_benchmark.hpp"
#include "bench/cipher_report.hpp"
#include "bench/git_commit.hpp"
#include "bench/harness/interrupt.hpp"
#include "bench/keygen_plot.hpp"
#include "bench/keygen_report.hpp"
#include "bench/output/output_file.hpp"
#include "bench/output/progress_bar.hpp"
#include "bench/output/standard_output.hpp"
#include "bench/output/text_table.hpp"
#include "bench/version.hpp"

namespace actorbench::bench {

int fail(const error& err) {
  std::cerr << "actorbench: " << err.message << '\n';
  return exit_code(err.code);
}

result<bool> emit(const std::string& path, output_format format,
                  const std::function<void(std::ostream&)>& write,
                  const std::function<void(std::ostream&)>& table) {
  result<bool> written = true;
  if (path.empty()) {
    write(std::cout);
  } else {
    written = write_output_file(path, "--output", write);
    if (format != output_format::table || !written)
      table(std::cout);
  }
  auto shown = flush_standard_output();
  return !written ? written : shown;
}

namespace {

std::string interrupted_message() {
  return "interrupted by signal " + std::to_string(interrupt_signal())
         + ": the results measured so far were written, marked partial";
}

} // namespace

int run_cipher(const cipher_options& opts) {
  progress_bar bar{std::cerr};
  cipher_progress_callback progress;
  if (!opts.quiet && isatty(STDERR_FILENO))
    progress = [&bar](std::size_t done, std::size_t total) { bar.update(done, total); };
  auto results = run_cipher_benchmarks(opts.settings, progress);
  bar.finish();
  if (!results)
    return fail(results.err());
  auto machine = read_machine_info();
  auto ok = emit(
    opts.output_path, opts.format,
    [&](std::ostream& out) {
      write_cipher_report(*results, opts.reference, machine, opts.format, out);
    },
    [&](std::ostream& out) { write_cipher_table(*results, opts.reference, out); });
  if (!ok)
    return fail(ok.err());
  std::size_t failures = 0;
  for (const auto& r : *results)
    failures += r.failures;
  if (failures > 0)
    return fail(
      runtime_failure(std::to_string(failures) + " decrypts failed: the results are not valid"));
  return 0;
}

int run_keygen(const keygen_options& opts) {
  using clock = std::chrono::steady_clock;
  auto deadline = clock::now() + opts.time_limit;
  auto machine = read_machine_info();
  std::size_t total = opts.requests.size() * opts.threads.size() * opts.keys;
  std::size_t done = 0;
  progress_bar bar{std::cerr};
  bool interactive = !opts.quiet && isatty(STDERR_FILENO);
  std::vector<keygen_cell> cells;
  std::size_t skipped = 0;
  catch_interrupts();
  // Private keys go only where --dump-keys says, readable by the owner alone.
  std::optional<output_file> dump;
  if (!opts.dump_keys_path.empty()) {
    auto opened = output_file::open(opts.dump_keys_path, "--dump-keys", file_access::owner_only);
    if (!opened)
      return fail(opened.err());
    dump = std::move(*opened);
  }
  for (const auto& request : opts.requests) {
    // A rough per-key time, so long cells are announced before they start.
    auto per_key = opts.quiet ? result<double>{0.0} : calibrate_seconds_per_key(request);
    for (auto threads : opts.threads) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now());
      if (left.count() <= 0 || interrupt_flag().load()) {
        ++skipped;
        continue;
      }
      if (per_key && *per_key > 0) {
        auto estimate = estimate_seconds(*per_key, opts.keys, threads, machine.cores);
        if (estimate > 10)
          std::cerr << "actorbench: " << crypto::describe(request) << " x " << opts.keys
                    << " keys on " << threads << " threads: about " << static_cast<long>(estimate)
                    << " s (from a short calibration)\n";
      }
      actors::keygen_params params{request, threads, opts.keys, left, &interrupt_flag(), {}};
      if (dump)
        params.key_sink = [&dump](const crypto::generated_key& key) {
          dump->stream() << crypto::to_pem(key);
        };
      auto sample = actors::run_keygen(params, [&](const actors::keygen_progress&) {
        if (interactive)
          bar.update(++done, total);
      });
      if (!sample) {
        bar.finish();
        return fail(runtime_failure("keygen " + crypto::describe(request) + " on "
                                    + std::to_string(threads)
                                    + " threads failed: " + sample.err().detail));
      }
      cells.push_back({request, std::move(*sample)});
    }
  }
  bar.finish();
  bool interrupted = interrupt_flag().load();
  std::size_t keys = 0;
  for (const auto& c : cells)
    keys += c.sample.keys;
  // Nothing measured is no result: the previous --output and --dump-keys
  // files stay as they were.
  if (keys == 0) {
    auto why = interrupted
                 ? "interrupted by signal " + std::to_string(interrupt_signal())
                 : "--time-limit of " + std::to_string(opts.time_limit.count()) + " s reached";
    return fail(runtime_failure(why + " before any key was generated: nothing to write"));
  }
  if (skipped > 0 && !interrupted)
    std::cerr << "actorbench: --time-limit reached: " << skipped << " cells not run\n";
  // Every output is written even if one fails; the first error is reported.
  result<bool> ok = true;
  if (dump)
    ok = dump->commit();
  auto written = emit(
    opts.output_path, opts.format,
    [&](std::ostream& out) { write_keygen_report(cells, machine, opts.format, out); },
    [&](std::ostream& out) { write_keygen_table(cells, out); });
  if (ok)
    ok = written;
  if (!opts.plot_path.empty()) {
    auto drawn = write_keygen_plot(cells, opts.plot_path);
    if (ok)
      ok = drawn;
  }
  if (!ok)
    return fail(ok.err());
  if (interrupted)
    return fail(runtime_failure(interrupted_message()));
  std::size_t failures = 0;
  for (const auto& c : cells)
    failures += c.sample.validation_failures;
  if (failures > 0)
    return fail(runtime_failure(std::to_string(failures) + " generated keys failed validation"));
  return 0;
}

} // namespace actorbench::bench
