// `actorbench serve` and `actorbench rpc` as the command runs them: set up,
// run the library, print, turn errors into a line on stderr and an exit code.
// Part of the executable, not of the library (which never prints).
#include <atomic>
#include <chrono>
#include <iostream>
#include <memory>
#include <thread>

#include <caf/send.hpp>

#include "actors/remote/endpoint_name.hpp"
#include "actors/remote/hello.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "actors/remote/tls_monitor.hpp"
#include "bench/commands.hpp"
#include "bench/git_commit.hpp"
#include "bench/harness/interrupt.hpp"
#include "bench/servers/limit_log.hpp"
#include "bench/rpc/local_server.hpp"
#include "bench/harness/machine_info.hpp"
#include "bench/rpc_benchmark.hpp"
#include "bench/rpc_report.hpp"
#include "bench/output/standard_output.hpp"

namespace actorbench::bench {

int run_serve(const serve_options& opts) {
  actors::remote_settings settings;
  settings.scheduler.threads = opts.threads;
  settings.tls = opts.tls;
  settings.max_payload = opts.limits.max_payload;
  settings.handshake_timeout = opts.limits.handshake_timeout;
  auto rt = actors::remote_runtime::create(settings);
  if (!rt)
    return fail(bad_input(rt.err().detail));
  if (opts.tls)
    warn_about_server_certificate("actorbench serve: ", *opts.tls);
  auto served = std::make_shared<std::atomic<std::uint64_t>>(0);
  auto hello = actors::spawn_hello((*rt)->system(), opts.hello_on, served);
  auto stop_hello = [&] { caf::anon_send_exit(hello, caf::exit_reason::user_shutdown); };
  auto port = (*rt)->publish(hello, opts.port, opts.bind, std::chrono::seconds{10});
  if (!port) {
    stop_hello();
    return fail(runtime_failure(port.err().detail));
  }
  catch_interrupts();
  std::cout << "actorbench serve: listening on " << actors::endpoint_name(opts.bind, *port) << " ("
            << (opts.tls ? "TLS, client certificates of CA '" + opts.tls->ca + "' required"
                         : std::string{"plain TCP, no TLS"})
            << "; hello actor on the " << actors::to_string(opts.hello_on) << ")" << std::endl;
  // Whoever started the server cannot learn its port: it would wait in vain.
  if (auto ok = flush_standard_output(); !ok) {
    stop_hello();
    return fail(ok.err());
  }
  auto start = std::chrono::steady_clock::now();
  refusal_log refusals{"actorbench serve: "};
  limit_log limits{"actorbench serve: ", std::cerr};
  while (!interrupt_flag()) {
    if (opts.duration.count() > 0 && std::chrono::steady_clock::now() - start >= opts.duration)
      break;
    std::this_thread::sleep_for(std::chrono::milliseconds{50});
    actors::tls_monitor::close_overdue_handshakes();
    print_refusals(refusals);
    limits.poll();
  }
  print_refusals(refusals, true);
  limits.finish();
  std::cout << "actorbench serve: stopped; served " << served->load() << " requests";
  if (opts.tls)
    std::cout << ", " << actors::tls_monitor::handshakes_completed()
              << " TLS handshakes completed, " << refusals.total() << " clients refused";
  std::cout << std::endl;
  stop_hello();
  return 0;
}

int run_rpc(const rpc_options& opts) {
  std::vector<std::unique_ptr<local_server>> servers;
  std::vector<rpc_mode> modes;
  if (opts.local) {
    auto wait = std::max<std::chrono::milliseconds>(opts.timeout, std::chrono::seconds{10});
    auto start = [&](std::optional<actors::tls_settings> server_tls,
                     std::optional<actors::tls_settings> client_tls) -> result<bool> {
      auto server = local_server::start(server_tls, opts.hello_on, opts.other_cpus, wait);
      if (!server)
        return server.err();
      modes.push_back({{"127.0.0.1", (*server)->port()}, std::move(client_tls)});
      servers.push_back(std::move(*server));
      return true;
    };
    if (opts.compare || !opts.tls)
      if (auto ok = start(std::nullopt, std::nullopt); !ok)
        return fail(ok.err());
    if (opts.tls)
      if (auto ok = start(
            actors::tls_settings{opts.server_certificate, opts.server_key, opts.tls->ca}, opts.tls);
          !ok)
        return fail(ok.err());
  } else if (opts.compare) {
    modes.push_back({*opts.target, std::nullopt});
    modes.push_back({*opts.tls_target, opts.tls});
  } else {
    modes.push_back({*opts.target, opts.tls});
  }
  rpc_settings settings;
  settings.requests = opts.requests;
  settings.warmup = opts.warmup;
  settings.rounds = opts.rounds;
  settings.reconnect = opts.reconnect;
  settings.timeout = opts.timeout;
  settings.name = opts.name;
  settings.threads = opts.threads;
  settings.spin = opts.spin;
  settings.spin_cpu = opts.spin_cpu;
  settings.other_cpus = opts.other_cpus;
  settings.hello_on = opts.local ? std::optional{opts.hello_on} : std::nullopt;
  catch_interrupts();
  auto results = run_rpc(modes, settings, &interrupt_flag());
  if (!results)
    return fail(results.err());
  auto ok = emit(
    opts.output_path, opts.format,
    [&](std::ostream& out) {
      write_rpc_report(*results, settings, read_machine_info(), git_commit, opts.format, out);
    },
    [&](std::ostream& out) { write_rpc_table(*results, settings, out); });
  if (!ok)
    return fail(ok.err());
  if (!results->empty() && results->front().partial)
    return fail(runtime_failure("interrupted by signal " + std::to_string(interrupt_signal())
                                + ": the requests measured so far were written"));
  return 0;
}

} // namespace actorbench::bench
