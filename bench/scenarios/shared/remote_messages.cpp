#include "bench/scenarios/shared/remote_messages.hpp"

#include "bench/scenarios/shared/sealed_message.hpp"
#include "bench/scenarios/shared/shipped_keys.hpp"

namespace actorbench::actors {

void add_sealed_message_types(caf::actor_system_config& cfg) {
  cfg.add_message_type<sealed_payload>("actorbench.sealed_payload");
  cfg.add_message_type<shipped_keys>("actorbench.shipped_keys");
}

} // namespace actorbench::actors
