#pragma once

#include <cstdint>

#include <caf/actor_system_config.hpp>
#include <caf/meta/type_name.hpp>

namespace actorbench::testing {

/// The driver's message to a node: a number to double.
struct relay_ping {
  std::uint64_t value = 0;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, relay_ping& x) {
  return f(caf::meta::type_name("actorbench.relay_ping"), x.value);
}

/// The node's answer: the number doubled, and the process that doubled it.
struct relay_pong {
  std::uint64_t value = 0;
  std::int64_t process = 0;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, relay_pong& x) {
  return f(caf::meta::type_name("actorbench.relay_pong"), x.value, x.process);
}

inline void add_relay_message_types(caf::actor_system_config& cfg) {
  cfg.add_message_type<relay_ping>("actorbench.relay_ping");
  cfg.add_message_type<relay_pong>("actorbench.relay_pong");
}

} // namespace actorbench::testing
