#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "actors/remote/tls_settings.hpp"
#include "bench/scenarios/shared/endpoint.hpp"
#include "bench/harness/scenario.hpp"
#include "bench/scenarios/rpc/local_server.hpp"
#include "bench/scenarios/rpc/rpc_client.hpp"
#include "bench/scenarios/rpc/spin_cpu.hpp"

namespace actorbench::bench {

/// One way of reaching the hello actor (plain or tls) and, with one
/// persistent connection, its client.
struct rpc_route {
  endpoint target;
  std::optional<actors::tls_settings> tls;
  /// Persistent connection: connected and warmed up by the session's start.
  std::unique_ptr<rpc_client> client;
  /// Seconds the persistent connection took (TCP, TLS, CAF handshakes).
  std::optional<double> first_connect_s;
};

/// What an rpc session was started with: the fixed parameters, resolved.
struct rpc_session_setup {
  rpc_client_settings client;
  spin_placement spin;
  bool reconnect = false;
  std::size_t requests = 1000;
  std::size_t warmup_requests = 100;
  /// Set with --local: where the servers run the hello actor.
  std::optional<std::string> hello_on;
};

/// The rpc runs: one round of one mode per run. Holds the --local servers
/// and the persistent clients for the whole invocation; its destructor
/// closes the clients, then stops the servers (each wait bounded).
class rpc_session : public scenario_session {
 public:
  /// Connects (persistent connections) and takes the warm-up requests of
  /// every route. `servers`: the --local children, if any.
  static result<std::unique_ptr<rpc_session>> start(
    rpc_session_setup setup, std::map<std::string, rpc_route> routes,
    std::vector<std::unique_ptr<local_server>> servers);

  result<run_record> run(run_context& ctx) override;
  by_name<fact> facts(const configuration& c) const override;

 private:
  rpc_session(rpc_session_setup setup, std::map<std::string, rpc_route> routes,
              std::vector<std::unique_ptr<local_server>> servers);
  result<void> warm_up(rpc_route& route);
  result<void> ask_fresh_into(const rpc_route& route, run_record& r) const;

  // Destroyed in reverse: the clients before the servers they talk to.
  std::vector<std::unique_ptr<local_server>> servers_;
  rpc_session_setup setup_;
  std::map<std::string, rpc_route> routes_;
};

} // namespace actorbench::bench
