#include "actors/remote_node.hpp"

#include <set>

#include <caf/atom.hpp>
#include <caf/io/middleman.hpp>
#include <caf/io/publish.hpp>
#include <caf/node_id.hpp>
#include <caf/scoped_actor.hpp>
#include <caf/send.hpp>

#include "actors/node_spawner.hpp"

namespace actorbench::actors {

std::string endpoint_name(const std::string& host, std::uint16_t port) {
  auto h = host.find(':') == std::string::npos ? host : "[" + host + "]";
  return h + ":" + std::to_string(port);
}

served_node::~served_node() {
  if (spawner_)
    caf::anon_send_exit(spawner_, caf::exit_reason::user_shutdown);
}

result<served_node> serve_node(caf::actor_system& system, const std::string& host,
                               std::uint16_t port) {
  auto spawner = spawn_node_spawner(system);
  auto bound = caf::io::publish(spawner, port, host.c_str());
  if (!bound) {
    caf::anon_send_exit(spawner, caf::exit_reason::user_shutdown);
    return error{errc::node_failure, "cannot listen on " + endpoint_name(host, port) + ": "
                                       + system.render(bound.error())};
  }
  return served_node{spawner, *bound};
}

result<remote_node> connect_node(caf::actor_system& system, const std::string& host,
                                 std::uint16_t port, std::chrono::milliseconds timeout) {
  auto name = endpoint_name(host, port);
  result<remote_node> out = error{errc::node_failure, "no answer from node " + name};
  caf::scoped_actor self{system};
  self->request(system.middleman().actor_handle(), timeout, caf::connect_atom::value, host, port)
    .receive(
      [&](const caf::node_id&, caf::strong_actor_ptr& ptr, const std::set<std::string>&) {
        if (ptr)
          out = remote_node{name, caf::actor_cast<caf::actor>(std::move(ptr))};
        else
          out = error{errc::node_failure, "nothing is published at node " + name};
      },
      [&](const caf::error& err) {
        out = error{errc::node_failure, "cannot reach node " + name + ": "
                                          + system.render(err)};
      });
  return out;
}

} // namespace actorbench::actors
