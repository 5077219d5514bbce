#include "actors/remote/remote_node.hpp"

#include <caf/send.hpp>

#include "actors/remote/node_spawner.hpp"

namespace actorbench::actors {

served_node::~served_node() {
  stop();
  if (spawner_)
    caf::anon_send_exit(spawner_, caf::exit_reason::user_shutdown);
}

void served_node::stop() noexcept {
  if (stop_)
    stop_->store(true);
}

result<served_node> serve_node(remote_runtime& rt, const std::string& host, std::uint16_t port,
                               std::chrono::milliseconds timeout, node_limits limits) {
  auto stop = std::make_shared<std::atomic<bool>>(false);
  served_node node{spawn_node_spawner(rt.system(), limits, stop), 0, stop};
  auto bound = rt.publish(node.spawner(), port, host, timeout);
  if (!bound)
    return bound.err();
  node.port_ = *bound;
  return node;
}

result<remote_node> connect_node(remote_runtime& rt, const std::string& host, std::uint16_t port,
                                 std::chrono::milliseconds timeout) {
  auto spawner = rt.connect(host, port, timeout);
  if (!spawner)
    return spawner.err();
  return remote_node{endpoint_name(host, port), std::move(*spawner)};
}

} // namespace actorbench::actors
