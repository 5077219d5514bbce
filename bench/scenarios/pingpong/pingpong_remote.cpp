#include "bench/scenarios/pingpong/pingpong_remote.hpp"

#include <caf/scoped_actor.hpp>

#include "bench/scenarios/shared/shipped_keys.hpp"
#include "bench/scenarios/shared/remote_messages.hpp"
#include "bench/scenarios/shared/node_request.hpp"

namespace actorbench::actors {

result<caf::actor> spawn_requested_pong(caf::actor_system& system, const pong_spawn_request& req) {
  pong_config cfg;
  cfg.sender = req.sender;
  cfg.remote = true;
  auto keys = unpack(req.keys);
  if (!keys)
    return keys.err();
  cfg.keep = std::move(*keys);
  cfg.keys = cfg.keep.get();
  return spawn_pong(system, std::move(cfg));
}

pong_spawner remote_pongs(caf::actor_system& system, std::vector<remote_node> nodes,
                          const seal_keys& keys, std::chrono::milliseconds timeout) {
  return [&system, nodes = std::move(nodes), &keys, timeout](
           std::size_t pair, const pong_config& cfg) -> result<caf::actor> {
    if (nodes.empty())
      return error{errc::bad_parameter, "no nodes for the pongs"};
    const auto& node = nodes[pair % nodes.size()];
    pong_spawn_request req;
    req.sender = cfg.sender;
    req.keys = ship(keys);
    caf::scoped_actor self{system};
    result<caf::actor> out = error{errc::node_failure, "no answer"};
    self->request(node.spawner, timeout, std::move(req))
      .receive([&](caf::actor& pong) { out = std::move(pong); },
               [&](caf::error& e) {
                 out =
                   error{errc::node_failure, "node " + node.name + " did not spawn pong "
                                               + std::to_string(pair) + ": " + system.render(e)};
               });
    return out;
  };
}

void add_pingpong_message_types(caf::actor_system_config& cfg) {
  cfg.add_message_type<pong_spawn_request>("actorbench.pong_spawn_request");
  add_sealed_message_types(cfg);
}

caf::message_handler pingpong_node_handlers(caf::event_based_actor* node,
                                            const bench::node_context&) {
  return answer_on_node<pong_spawn_request>(node, spawn_requested_pong);
}

} // namespace actorbench::actors
