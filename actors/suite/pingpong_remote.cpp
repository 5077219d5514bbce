#include "actors/suite/pingpong_remote.hpp"

#include <caf/scoped_actor.hpp>

#include "crypto/registry.hpp"

namespace actorbench::actors {

result<caf::actor> spawn_requested_pong(caf::actor_system& system, const pong_spawn_request& req) {
  pong_config cfg;
  cfg.sender = req.sender;
  cfg.remote = true;
  if (!req.crypto) {
    cfg.keep = std::make_shared<seal_keys>();
  } else {
    auto found = crypto::registry::instance().find_pair(req.backend, req.cipher);
    if (!found)
      return error{errc::crypto_failure, found.err().detail};
    auto keys = seal_keys::make(*found->first, *found->second, req.key, req.plaintext);
    if (!keys)
      return keys.err();
    cfg.keep = std::move(*keys);
  }
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
    req.crypto = keys.on();
    if (keys.on()) {
      req.backend = std::string{keys.backend()->name()};
      req.cipher = keys.cipher()->name;
      req.key = keys.key();
      req.plaintext = keys.plaintext();
    }
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

} // namespace actorbench::actors
