#include "bench/scenarios/shared/remote_messages.hpp"

namespace actorbench::actors {

void add_remote_message_types(caf::actor_system_config& cfg) {
  cfg.add_message_type<reply>("actorbench.reply");
  cfg.add_message_type<remote_spawn_request>("actorbench.remote_spawn_request");
  cfg.add_message_type<remote_spawn_done>("actorbench.remote_spawn_done");
  cfg.add_message_type<reply_batch>("actorbench.reply_batch");
  cfg.add_message_type<node_failure>("actorbench.node_failure");
  cfg.add_message_type<sealed_payload>("actorbench.sealed_payload");
  cfg.add_message_type<shipped_keys>("actorbench.shipped_keys");
  cfg.add_message_type<pong_spawn_request>("actorbench.pong_spawn_request");
  cfg.add_message_type<mailbox_senders_request>("actorbench.mailbox_senders_request");
}

} // namespace actorbench::actors
