#include "bench/scenarios/rpc/rpc_scenario.hpp"

#include <algorithm>
#include <set>
#include <string_view>

#include "bench/scenarios/shared/tls_options.hpp"
#include "bench/scenarios/rpc/rpc_plan.hpp"
#include "bench/scenarios/rpc/rpc_session.hpp"
#include "bench/scenarios/rpc/rpc_table_view.hpp"

namespace actorbench::bench {

namespace {

// The client's --tls and files as rpc words them: --tls stands for --mode tls.
tls_param_texts rpc_tls_texts() {
  tls_param_texts texts;
  texts.flag_help = "Mutual TLS with client certificates (--cert, --key, --ca): --mode tls";
  texts.cert_help = "This endpoint's certificate (PEM), for --mode tls";
  texts.file_unit = "";
  return texts;
}

void declare_target(declaration& d) {
  d.word("mode", {"plain", "tls"})
    .def("plain")
    .help(
      "plain TCP, or tls with client certificates (--cert, --key, --ca); plain,tls: side "
      "by side, interleaved, with the TLS overhead in %");
  // The options' spellings of the modes: --tls is mode tls, --compare plain,tls.
  declare_tls_flag(d, rpc_tls_texts());
  d.flag("compare").def("off").fixed().help(
    "Plain and TLS side by side, interleaved, with the TLS overhead in %: --mode plain,tls");
  d.text("connect").help("The server, HOST:PORT (the plain one with --mode plain,tls)");
  d.text("tls-connect").help("With --mode plain,tls and --connect: the TLS server, HOST:PORT");
  d.flag("local").def("off").fixed().help(
    "Start the server(s) as child processes on 127.0.0.1 (one-command run)");
  d.text("hello-on")
    .def_help("scheduler")
    .help(
      "With --local: where the servers run the hello actor, scheduler or multiplexer (see "
      "serve --hello-on)");
}

void declare_requests(declaration& d) {
  d.flag("reconnect")
    .def("off")
    .fixed()
    .help(
      "A new connection (and client actor system) for every request, like the original "
      "experiment's client; off reuses one");
  d.integer("requests")
    .range(1, 100'000'000)
    .def("1000")
    .fixed()
    .unit("requests")
    .help("Measured requests per mode, split over the runs");
  d.integer("warmup")
    .range(0, 100'000'000)
    .def("100")
    .fixed()
    .unit("requests")
    .help("Unmeasured requests per mode first");
  d.text("name").help("The argument of hello(name)").def_help("\"\"");
  d.duration("timeout")
    .range(1'000'000'000, 3'600'000'000'000)
    .def("5")
    .fixed()
    .unit("s")
    .help("Seconds one request or one connection attempt may take");
  d.integer("threads")
    .range(0, 1024)
    .def("0")
    .def_help("one per core")
    .fixed()
    .unit("threads")
    .help("Client scheduler threads");
  d.integer("spin-us")
    .range(0, 1'000'000)
    .def("100")
    .fixed()
    .unit("µs")
    .help("Microseconds the client busy-waits for each reply before blocking; 0: block at once");
  d.text("spin-cpu")
    .def("auto")
    .help(
      "Run the measuring (spinning) thread on this CPU alone, and the client's CAF threads "
      "and the --local servers on the other CPUs; auto: the first CPU this process may use, "
      "when it may use two or more and --spin-us is not 0; off: not pinned");
}

void declare_tls_and_server_files(declaration& d) {
  declare_tls_files(d, rpc_tls_texts());
  d.text("server-cert")
    .group("TLS")
    .help("With --local and TLS: the local server's certificate (PEM)");
  d.text("server-key")
    .group("TLS")
    .help("With --local and TLS: the local server's private key (PEM)");
}

void declare_results(declaration& d) {
  d.metric("latency_s", "s")
    .title("request latency")
    .headline()
    .per_event(reduction::median)
    .help(
      "Per request: from sending it (with --reconnect: from starting to connect) until its "
      "reply was in and checked");
  d.metric("connect_s", "s")
    .per_event(reduction::median)
    .help("With --reconnect, per request: TCP, TLS and CAF handshakes until the proxy is there");
  d.metric("setup_s", "s")
    .per_event(reduction::median)
    .help("With --reconnect, per request: starting and stopping the client's actor system");
  d.metric("requests_per_s", "1/s")
    .higher_is_better()
    .help("Requests measured over the round's wall time, everything included");
}

declaration rpc_declaration() {
  declaration d{"rpc",
                "Request latency of the hello actor over the network (the dRuby TLS "
                "experiment): ms/request plain or TLS with client certificates, and the overhead"};
  declare_target(d);
  declare_requests(d);
  declare_tls_and_server_files(d);
  declare_results(d);
  d.defaults.runs = 10;
  d.defaults.warmup = 0;
  // A run is one round of requests per mode, as --rounds always counted.
  d.defaults.runs_aliases = {"rounds"};
  d.defaults.warmup_option = false;
  return d;
}

// --tls and --compare: the modes they stand for (replacing --mode),
// each configuration once. The flags themselves are then n/a: the mode
// says what ran, in tables, JSON and CSV alike.
std::vector<configuration> apply_mode_flags(std::vector<configuration> plan) {
  std::vector<configuration> out;
  auto add = [&out](configuration c, const char* mode) {
    if (mode != nullptr)
      c.values["mode"] = std::string{mode};
    for (const char* flag : {"tls", "compare"})
      if (c.values.erase(flag) > 0)
        c.not_applicable.push_back(flag);
    for (const auto& o : out)
      if (o.values == c.values)
        return;
    out.push_back(std::move(c));
  };
  for (auto& c : plan) {
    if (c.is_on("compare")) {
      add(c, "plain");
      add(c, "tls");
    } else if (c.is_on("tls")) {
      add(c, "tls");
    } else {
      add(std::move(c), nullptr);
    }
  }
  return out;
}

class rpc_scenario : public scenario {
 public:
  const declaration& declared() const override { return declared_; }

  result<std::vector<configuration>> refine(std::vector<configuration> plan) const override {
    plan = apply_mode_flags(std::move(plan));
    if (auto ok = read_rpc_plan(plan); !ok)
      return ok.err();
    return plan;
  }

  result<std::unique_ptr<scenario_session>> start(std::vector<configuration>& plan) const override {
    auto p = read_rpc_plan(plan);
    if (!p)
      return p.err();
    auto servers = start_local_servers(*p);
    if (!servers)
      return servers.err();
    auto routes = rpc_routes(*p, *servers);
    auto s = rpc_session::start(std::move(p->setup), std::move(routes), std::move(*servers));
    if (!s)
      return s.err();
    return std::unique_ptr<scenario_session>{std::move(*s)};
  }

  std::vector<const view*> views() const override { return {&rpc_table_view()}; }

 private:
  declaration declared_ = rpc_declaration();
};

} // namespace

std::unique_ptr<scenario> make_rpc_scenario() {
  return std::make_unique<rpc_scenario>();
}

} // namespace actorbench::bench
