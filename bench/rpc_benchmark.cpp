#include "bench/rpc_benchmark.hpp"

#include <memory>

#include "bench/rpc/rpc_client.hpp"
#include "bench/rpc/thread_pin.hpp"

namespace actorbench::bench {

namespace {

using clock_type = std::chrono::steady_clock;

double us_since(clock_type::time_point start) {
  return std::chrono::duration<double, std::micro>(clock_type::now() - start).count();
}

rpc_client_settings client_settings(const rpc_settings& s) {
  rpc_client_settings out;
  out.name = s.name;
  out.timeout = s.timeout;
  out.spin = s.spin;
  out.threads = s.threads;
  if (s.spin_cpu)
    out.cpus = s.other_cpus;
  return out;
}

// One request over a brand-new client: system start and shutdown are timed
// apart from connect + request, which is the request's latency.
result<bool> ask_newly_connected(const rpc_mode& mode, const rpc_client_settings& s,
                                 rpc_result& out) {
  auto times = ask_fresh(mode.target, mode.tls, s);
  if (!times)
    return times.err();
  out.latency_us.push_back(times->latency_s * 1e6);
  out.connect_us.push_back(times->connect_s * 1e6);
  out.setup_us.push_back(times->setup_s * 1e6);
  return true;
}

} // namespace

result<std::vector<rpc_result>> run_rpc(const std::vector<rpc_mode>& modes, const rpc_settings& s,
                                        const std::atomic<bool>* stop) {
  std::vector<rpc_result> results;
  std::vector<std::unique_ptr<rpc_client>> clients;
  const auto cs = client_settings(s);
  // The spinning thread gets a CPU of its own: when another thread of the
  // round trip (a multiplexer, here or in the server) sleeps on the
  // spinner's CPU, waking it waits for the spinner to be preempted, and the
  // whole run is about twice as slow.
  std::optional<thread_pin> pin;
  if (s.spin_cpu) {
    pin.emplace(*s.spin_cpu);
    if (!pin->pinned())
      return runtime_failure("cannot pin the measuring thread to CPU "
                             + std::to_string(*s.spin_cpu));
  }
  for (const auto& mode : modes) {
    rpc_result r;
    r.mode = mode;
    if (!s.reconnect) {
      auto c = rpc_client::start(mode.target, mode.tls, cs);
      if (!c)
        return c.err();
      auto start = clock_type::now();
      if (auto ok = (*c)->connect(); !ok)
        return ok.err();
      r.connect_us.push_back(us_since(start));
      for (std::size_t i = 0; i < s.warmup; ++i)
        if (auto ok = (*c)->ask(); !ok)
          return ok.err();
      clients.push_back(std::move(*c));
    } else {
      rpc_result scratch; // warm-up requests are not kept
      for (std::size_t i = 0; i < s.warmup; ++i)
        if (auto ok = ask_newly_connected(mode, cs, scratch); !ok)
          return ok.err();
    }
    r.latency_us.reserve(s.requests);
    results.push_back(std::move(r));
  }
  for (std::size_t round = 0; round < s.rounds; ++round) {
    // Spread the remainder over the first rounds.
    std::size_t count = s.requests / s.rounds + (round < s.requests % s.rounds ? 1 : 0);
    for (std::size_t m = 0; m < modes.size(); ++m) {
      auto& r = results[m];
      auto round_start = clock_type::now();
      for (std::size_t i = 0; i < count; ++i) {
        if (stop != nullptr && *stop) {
          for (auto& each : results)
            each.partial = true;
          return results;
        }
        if (s.reconnect) {
          if (auto ok = ask_newly_connected(modes[m], cs, r); !ok)
            return ok.err();
        } else {
          auto start = clock_type::now();
          if (auto ok = clients[m]->ask(); !ok)
            return ok.err();
          r.latency_us.push_back(us_since(start));
        }
      }
      r.wall_seconds += us_since(round_start) / 1e6;
    }
  }
  return results;
}

} // namespace actorbench::bench
