#include "bench/scenarios/fanout/fanout_messages.hpp"

namespace actorbench::actors {

void add_fanout_message_types(caf::actor_system_config& cfg) {
  cfg.add_message_type<reply>("actorbench.reply");
  cfg.add_message_type<remote_spawn_request>("actorbench.remote_spawn_request");
  cfg.add_message_type<remote_spawn_done>("actorbench.remote_spawn_done");
  cfg.add_message_type<reply_batch>("actorbench.reply_batch");
  cfg.add_message_type<node_failure>("actorbench.node_failure");
}

} // namespace actorbench::actors
