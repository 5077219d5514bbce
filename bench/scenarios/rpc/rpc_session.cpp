#include "bench/scenarios/rpc/rpc_session.hpp"

#include <chrono>

#include "bench/scenarios/shared/seconds_since.hpp"
#include "bench/scenarios/rpc/thread_pin.hpp"

namespace actorbench::bench {

namespace {

using clock_type = std::chrono::steady_clock;

// Rounds when the harness does not say how many runs it plans: rpc's default.
constexpr std::size_t default_rounds = 10;

// The spinning thread gets a CPU of its own: when another thread of the
// round trip (a multiplexer, here or in the server) sleeps on the spinner's
// CPU, waking it waits for the spinner to be preempted, and the whole run is
// about twice as slow.
result<void> pin_spinner(const spin_placement& spin, std::optional<thread_pin>& pin) {
  if (!spin.cpu)
    return {};
  pin.emplace(*spin.cpu);
  if (!pin->pinned())
    return runtime_failure("cannot pin the measuring thread to CPU " + std::to_string(*spin.cpu));
  return {};
}

// This run's share of --requests: the remainder spread over the first runs.
std::size_t share(std::size_t requests, const run_context& ctx) {
  auto runs = ctx.planned_runs() > 0 ? ctx.planned_runs() : default_rounds;
  return requests / runs + (ctx.run_index() < requests % runs ? 1 : 0);
}

} // namespace

rpc_session::rpc_session(rpc_session_setup setup, std::map<std::string, rpc_route> routes,
                         std::vector<std::unique_ptr<local_server>> servers)
  : servers_(std::move(servers)), setup_(std::move(setup)), routes_(std::move(routes)) {}

result<std::unique_ptr<rpc_session>> rpc_session::start(
  rpc_session_setup setup, std::map<std::string, rpc_route> routes,
  std::vector<std::unique_ptr<local_server>> servers) {
  std::unique_ptr<rpc_session> s{
    new rpc_session(std::move(setup), std::move(routes), std::move(servers))};
  std::optional<thread_pin> pin;
  if (auto ok = pin_spinner(s->setup_.spin, pin); !ok)
    return ok.err();
  for (auto& [mode, route] : s->routes_)
    if (auto ok = s->warm_up(route); !ok)
      return ok.err();
  return s;
}

result<void> rpc_session::warm_up(rpc_route& route) {
  if (setup_.reconnect) {
    run_record scratch; // warm-up requests are not kept
    for (std::size_t i = 0; i < setup_.warmup_requests; ++i)
      if (auto ok = ask_fresh_into(route, scratch); !ok)
        return ok;
    return {};
  }
  auto c = rpc_client::start(route.target, route.tls, setup_.client);
  if (!c)
    return c.err();
  auto start = clock_type::now();
  if (auto ok = (*c)->connect(); !ok)
    return ok;
  route.first_connect_s = seconds_since(start);
  for (std::size_t i = 0; i < setup_.warmup_requests; ++i)
    if (auto ok = (*c)->ask(); !ok)
      return ok;
  route.client = std::move(*c);
  return {};
}

result<void> rpc_session::ask_fresh_into(const rpc_route& route, run_record& r) const {
  auto times = ask_fresh(route.target, route.tls, setup_.client);
  if (!times)
    return times.err();
  r.add("latency_s", times->latency_s);
  r.add("connect_s", times->connect_s);
  r.add("setup_s", times->setup_s);
  return {};
}

result<run_record> rpc_session::run(run_context& ctx) {
  auto at = routes_.find(ctx.config().word("mode"));
  if (at == routes_.end())
    return runtime_failure("rpc: no route for mode '" + ctx.config().word("mode") + "'");
  auto& route = at->second;
  const auto count = share(setup_.requests, ctx);
  std::optional<thread_pin> pin;
  if (auto ok = pin_spinner(setup_.spin, pin); !ok)
    return ok.err();
  run_record r;
  auto& latency = r.samples["latency_s"];
  latency.reserve(count);
  auto round_start = clock_type::now();
  for (std::size_t i = 0; i < count; ++i) {
    if (ctx.stop()) {
      r.partial = true;
      break;
    }
    if (setup_.reconnect) {
      if (auto ok = ask_fresh_into(route, r); !ok)
        return ok.err();
    } else {
      auto start = clock_type::now();
      if (auto ok = route.client->ask(); !ok)
        return ok.err();
      latency.push_back(seconds_since(start));
    }
  }
  double wall = seconds_since(round_start);
  if (latency.empty())
    r.samples.clear(); // a round without requests (more runs than requests)
  else
    r.add("requests_per_s", static_cast<double>(latency.size()) / wall);
  return r;
}

by_name<fact> rpc_session::facts(const configuration& c) const {
  by_name<fact> out;
  auto at = routes_.find(c.word("mode"));
  if (at == routes_.end())
    return out;
  out["target"] = to_string(at->second.target);
  if (at->second.first_connect_s)
    out["first_connect_s"] = *at->second.first_connect_s;
  if (setup_.hello_on)
    out["hello_on"] = *setup_.hello_on;
  if (setup_.spin.cpu) {
    out["spin_cpu"] = static_cast<double>(*setup_.spin.cpu);
    out["other_cpus"] = std::vector<double>(setup_.spin.others.begin(), setup_.spin.others.end());
  }
  return out;
}

} // namespace actorbench::bench
