#include "actors/remote/remote_node.hpp"

#include <caf/send.hpp>


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
                               std::chrono::milliseconds timeout, const node_service& service) {
  auto stop = std::make_shared<std::atomic<bool>>(false);
  served_node node{service(rt.system(), stop), 0, stop};
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
