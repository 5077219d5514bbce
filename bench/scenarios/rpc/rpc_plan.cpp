#include "bench/scenarios/rpc/rpc_plan.hpp"

#include <algorithm>
#include <chrono>

#include "bench/scenarios/shared/tls_options.hpp"

namespace actorbench::bench {

namespace {

// --connect and --tls-connect, or --local.
result<void> read_targets(const configuration& c, rpc_plan& p) {
  auto connect = c.text_or("connect"), tls_connect = c.text_or("tls-connect");
  bool compare = p.modes.size() == 2;
  if (p.local == !connect.empty())
    return bad_input("rpc needs exactly one of --connect HOST:PORT or --local");
  if (!connect.empty()) {
    auto target = parse_endpoint("--connect", connect);
    if (!target)
      return target.err();
    p.target = *target;
  }
  if (!tls_connect.empty()) {
    if (!compare || p.local)
      return bad_input("--tls-connect is for --compare with --connect");
    auto target = parse_endpoint("--tls-connect", tls_connect);
    if (!target)
      return target.err();
    p.tls_target = *target;
  } else if (compare && !p.local) {
    return bad_input("--compare with --connect needs --tls-connect HOST:PORT (the TLS server)");
  }
  return {};
}

// The client's files (tls among the modes) and the local server's.
result<void> read_tls(const configuration& c, rpc_plan& p) {
  auto files = tls_values_of(c);
  files.tls = p.modes.count("tls") > 0;
  if (p.modes.size() == 2 && files.certificate.empty() && files.key.empty() && files.ca.empty())
    return bad_input("--compare needs --tls with --cert, --key and --ca for its TLS side");
  auto tls = validate_tls(files);
  if (!tls)
    return tls.err();
  p.tls = std::move(*tls);
  auto cert = c.text_or("server-cert"), key = c.text_or("server-key");
  if ((!cert.empty() || !key.empty()) && !(p.local && p.tls))
    return bad_input("--server-cert and --server-key are for --local with --tls");
  if (!p.local || !p.tls)
    return {};
  if (cert.empty() || key.empty())
    return bad_input(
      "--local with --tls needs --server-cert and --server-key for the local server (it "
      "trusts the same --ca)");
  actors::tls_settings server{cert, key, p.tls->ca};
  if (auto ok = actors::check(server); !ok)
    return bad_input(ok.err(), "--server-cert/--server-key");
  p.server_tls = std::move(server);
  return {};
}

result<void> read_hello_on(const configuration& c, rpc_plan& p) {
  auto text = c.text_or("hello-on");
  if (text.empty())
    return {};
  if (!p.local)
    return bad_input("--hello-on is for --local (a server started by hand takes serve --hello-on)");
  if (text != "scheduler" && text != "multiplexer")
    return bad_input("invalid --hello-on '" + text + "': expected scheduler or multiplexer");
  p.hello_on =
    text == "multiplexer" ? actors::hello_host::multiplexer : actors::hello_host::scheduler;
  return {};
}

result<void> read_setup(const configuration& c, rpc_plan& p) {
  auto& s = p.setup;
  s.reconnect = c.is_on("reconnect");
  s.requests = static_cast<std::size_t>(c.integer("requests"));
  s.warmup_requests = static_cast<std::size_t>(c.integer("warmup"));
  s.client.name = c.text_or("name");
  s.client.timeout = c.milliseconds("timeout");
  s.client.threads = static_cast<std::size_t>(c.integer("threads"));
  s.client.spin = std::chrono::microseconds{c.integer("spin-us")};
  auto placement = place_spinner(c.text_or("spin-cpu", "auto"), c.integer("spin-us"));
  if (!placement)
    return placement.err();
  s.spin = std::move(*placement);
  if (s.spin.cpu)
    s.client.cpus = s.spin.others;
  if (p.local)
    s.hello_on = std::string{actors::to_string(p.hello_on)};
  return {};
}

} // namespace

result<rpc_plan> read_rpc_plan(const std::vector<configuration>& plan) {
  rpc_plan p;
  if (plan.empty())
    return bad_input("rpc: nothing to measure");
  for (const auto& c : plan)
    p.modes.insert(c.word("mode"));
  const auto& first = plan.front();
  p.local = first.is_on("local");
  for (auto read : {read_targets, read_tls, read_hello_on, read_setup})
    if (auto ok = read(first, p); !ok)
      return ok.err();
  return p;
}

result<std::vector<std::unique_ptr<local_server>>> start_local_servers(const rpc_plan& p) {
  std::vector<std::unique_ptr<local_server>> out;
  if (!p.local)
    return out;
  auto wait = std::max<std::chrono::milliseconds>(p.setup.client.timeout, std::chrono::seconds{10});
  for (const auto& mode : p.modes) {
    auto server = local_server::start(mode == "tls" ? p.server_tls : std::nullopt, p.hello_on,
                                      p.setup.spin.others, wait);
    if (!server)
      return server.err();
    out.push_back(std::move(*server));
  }
  return out;
}

std::map<std::string, rpc_route> rpc_routes(
  const rpc_plan& p, const std::vector<std::unique_ptr<local_server>>& servers) {
  std::map<std::string, rpc_route> out;
  std::size_t i = 0;
  for (const auto& mode : p.modes) {
    rpc_route r;
    if (mode == "tls")
      r.tls = p.tls;
    if (p.local)
      r.target = {"127.0.0.1", servers.at(i++)->port()};
    else
      r.target = mode == "tls" && p.tls_target ? *p.tls_target : *p.target;
    out.emplace(mode, std::move(r));
  }
  return out;
}

} // namespace actorbench::bench
