#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// `actorbench mailbox`: S senders each send M messages to one receiver as
/// fast as they can (CAF's mailbox_performance); messages per second, with
/// every sender's order and count checked, crypto off or in the loop.
std::unique_ptr<scenario> make_mailbox_scenario();

} // namespace actorbench::bench
