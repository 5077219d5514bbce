#pragma once

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "actors/remote/hello.hpp"
#include "actors/remote/tls_settings.hpp"
#include "bench/scenarios/shared/endpoint.hpp"
#include "bench/harness/configuration.hpp"
#include "bench/scenarios/rpc/local_server.hpp"
#include "bench/scenarios/rpc/rpc_session.hpp"

namespace actorbench::bench {

/// An rpc plan's fixed parameters, checked together: where the servers
/// are, the TLS files of each side, the modes the plan measures.
struct rpc_plan {
  /// "plain", "tls" or both (--compare).
  std::set<std::string> modes;
  bool local = false;
  std::optional<endpoint> target;
  std::optional<endpoint> tls_target;
  /// The client's files, with tls among the modes.
  std::optional<actors::tls_settings> tls;
  /// The local TLS server's files (--local with tls).
  std::optional<actors::tls_settings> server_tls;
  actors::hello_host hello_on = actors::hello_host::scheduler;
  rpc_session_setup setup;
};

/// Reads and checks the plan, refusing (bad input, worded as `actorbench
/// rpc` always has) what cannot work together: no server or two, a TLS
/// server without TLS, TLS without its three files, server files without
/// --local, --hello-on without --local, a --spin-cpu it may not use.
result<rpc_plan> read_rpc_plan(const std::vector<configuration>& plan);

/// With --local, this executable's `serve` as a child per mode (plain,
/// then tls), each wait bounded; none without.
result<std::vector<std::unique_ptr<local_server>>> start_local_servers(const rpc_plan& p);

/// Mode -> where it connects: the local servers (in start_local_servers'
/// order) or --connect and --tls-connect.
std::map<std::string, rpc_route> rpc_routes(
  const rpc_plan& p, const std::vector<std::unique_ptr<local_server>>& servers);

} // namespace actorbench::bench
