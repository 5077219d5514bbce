#include "bench/harness/node_service.hpp"

#include <utility>
#include <vector>

#include <caf/behavior.hpp>

namespace actorbench::bench {

namespace {

std::vector<node_part> node_parts_of(const registry& r) {
  std::vector<node_part> parts;
  for (const auto* s : r.all())
    if (auto part = s->on_nodes(); part.add_message_types || part.handlers)
      parts.push_back(std::move(part));
  return parts;
}

} // namespace

std::function<void(caf::actor_system_config&)> message_types_of(const registry& r) {
  return [parts = node_parts_of(r)](caf::actor_system_config& cfg) {
    for (const auto& part : parts)
      if (part.add_message_types)
        part.add_message_types(cfg);
  };
}

actors::node_service node_service_of(const registry& r, node_limits limits) {
  return [parts = node_parts_of(r), limits](caf::actor_system& system,
                                            std::shared_ptr<const std::atomic<bool>> stop) {
    // The parts and context as spawn arguments: CAF 0.17 dereferences the
    // (null) argument tuple of a function actor spawned without any.
    return system.spawn(
      [](caf::event_based_actor* self, const std::vector<node_part>& parts,
         const node_context& ctx) {
        caf::message_handler all;
        for (const auto& part : parts)
          if (part.handlers)
            all = all ? all.or_else(part.handlers(self, ctx)) : part.handlers(self, ctx);
        return caf::behavior{all};
      },
      parts, node_context{limits, std::move(stop)});
  };
}

} // namespace actorbench::bench
