#pragma once
// What `actorbench node` serves: every built-in scenario's part on nodes.

#include "bench/builtin.hpp"
#include "bench/harness/node_service.hpp"

namespace actorbench::testing {

inline const bench::registry& builtin_scenarios() {
  static const bench::registry r = [] {
    bench::registry made;
    (void)bench::add_builtin_scenarios(made);
    return made;
  }();
  return r;
}

/// The actor a worker node publishes, as `actorbench node` does.
inline actors::node_service builtin_node_service(bench::node_limits limits = {}) {
  return bench::node_service_of(builtin_scenarios(), limits);
}

/// The message types a worker node registers, as `actorbench node` does.
inline std::function<void(caf::actor_system_config&)> builtin_message_types() {
  return bench::message_types_of(builtin_scenarios());
}

} // namespace actorbench::testing
