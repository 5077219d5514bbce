#pragma once

#include <caf/actor_system_config.hpp>

namespace actorbench::actors {

/// Replaces CAF 0.17's scheduler with the same one ("stealing" or "sharing")
/// whose clock skips the per-termination timeout cancellation while no actor
/// of the system has ever set a timeout.
///
/// Why: CAF 0.17.6's `local_actor::cleanup` hands every terminating actor to
/// the clock thread (`cancel_timeouts`: a heap event, a mutex and a
/// condition-variable wake-up), even an actor that never set a timeout. For
/// a fan-out of short-lived actors that is a futex wake-up of a third thread
/// per actor. Cancelling timeouts that were never set is a no-op, so skipping
/// it changes nothing; once any actor sets one, every cancellation goes
/// through as before.
void use_lean_scheduler(caf::actor_system_config& cfg, bool sharing);

} // namespace actorbench::actors
