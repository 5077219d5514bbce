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
#include "actors/remote/remote_node.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "actors/remote/tls_monitor.hpp"
#include "bench/cipher_benchmark.hpp"
#include "bench/cipher_report.hpp"
#include "bench/git_commit.hpp"
#include "bench/harness/interrupt.hpp"
#include "bench/keygen_plot.hpp"
#include "bench/keygen_report.hpp"
#include "bench/output/output_file.hpp"
#include "bench/servers/limit_log.hpp"
#include "bench/output/progress_bar.hpp"
#include "bench/output/standard_output.hpp"
#include "bench/output/text_table.hpp"
#include "bench/version.hpp"
#include "bench/zone_report.hpp"

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

void warn_about_server_certificate(const std::string& prefix, const actors::tls_settings& tls) {
  for (const auto& problem : actors::server_certificate_problems(tls))
    std::cerr << prefix << "warning: " << problem << std::endl;
}

void print_refusals(refusal_log& log, bool at_end) {
  auto lines = log.add(actors::tls_monitor::take_refusals(true), refusal_log::clock::now());
  if (at_end)
    for (auto& line : log.finish())
      lines.push_back(std::move(line));
  for (const auto& line : lines)
    std::cerr << line << std::endl;
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

namespace {

// One line per --find-max probe, as it ends.
std::string describe_probe(const zone_result& r) {
  const auto& s = r.sample;
  return std::to_string(s.players) + " players: p50 " + fixed(r.p50_s * 1000, 3) + " ms, p99 "
         + fixed(r.p99_s * 1000, 3) + " ms, missed " + std::to_string(s.missed()) + " of "
         + std::to_string(s.ticks_scheduled) + (s.stopped_early ? " (stopped early)" : "") + ", "
         + fixed(r.cores_used(), 2) + " cores used, load " + fixed(r.load_before, 1) + ": "
         + (keeps_up(r) ? "keeps up" : "does not keep up");
}

} // namespace

int run_zone(const zone_options& opts) {
  catch_interrupts();
  zone_report rep{opts.settings, opts.find_max, {}, read_machine_info(), git_commit};
  if (opts.find_max) {
    std::size_t count = 0;
    auto search = find_max_players(
      opts.settings, opts.max_players,
      [&](const zone_result& r) {
        if (!opts.quiet)
          std::cerr << "probe " << ++count << ": " << describe_probe(r) << '\n';
      },
      &interrupt_flag());
    if (!search)
      return fail(search.err());
    rep.search = std::move(*search);
  } else {
    auto r = run_zone_benchmark(opts.settings, &interrupt_flag());
    if (!r)
      return fail(r.err());
    rep.search.probes.push_back(std::move(*r));
    rep.search.stopped = rep.search.probes.back().sample.stopped_early;
  }
  auto ok = emit(
    opts.output_path, opts.format,
    [&](std::ostream& out) { write_zone_report(rep, opts.format, out); },
    [&](std::ostream& out) { write_zone_table(rep, out); });
  if (!ok)
    return fail(ok.err());
  if (interrupt_flag().load())
    return fail(runtime_failure("interrupted by signal " + std::to_string(interrupt_signal())
                                + ": the ticks measured so far were written"));
  for (const auto& r : rep.search.probes)
    if (auto problem = r.sample.problem(); !problem.empty())
      return fail(runtime_failure("zone of " + std::to_string(r.sample.players)
                                  + " players: " + problem + ": the results are not valid"));
  return 0;
}

int run_node(const node_options& opts) {
  catch_interrupts();
  actors::remote_settings settings;
  settings.scheduler.threads = opts.threads;
  settings.tls = opts.tls;
  settings.max_payload = opts.limits.max_payload;
  settings.handshake_timeout = opts.limits.handshake_timeout;
  auto rt = actors::remote_runtime::create(settings);
  if (!rt)
    return fail(runtime_failure(rt.err().detail));
  if (opts.tls)
    warn_about_server_certificate("actorbench node: ", *opts.tls);
  auto served =
    actors::serve_node(**rt, opts.listen.host, opts.listen.port, std::chrono::seconds{10});
  if (!served)
    return fail(runtime_failure(served.err().detail));
  // The bound port on stdout, so whoever started this node (port 0) can read it.
  std::cout << "actorbench node listening on "
            << actors::endpoint_name(opts.listen.host, served->port())
            << ((*rt)->uses_tls() ? " (TLS)" : "") << std::endl;
  // Whoever started the node cannot learn its port: it would wait in vain.
  if (auto ok = flush_standard_output(); !ok)
    return fail(ok.err());
  refusal_log refusals{"actorbench node: "};
  limit_log limits{"actorbench node: ", std::cerr};
  while (!interrupt_flag().load()) {
    std::this_thread::sleep_for(std::chrono::milliseconds{100});
    actors::tls_monitor::close_overdue_handshakes();
    print_refusals(refusals);
    limits.poll();
  }
  print_refusals(refusals, true);
  limits.finish();
  return 0;
}

} // namespace actorbench::bench
