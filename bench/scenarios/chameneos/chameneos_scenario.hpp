#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Savina's chameneos (`actorbench chameneos`): C creatures ask a mall to
/// meet, the mall pairs them, both take the complement colour; M meetings.
/// Meetings per second; the mall's and creatures' counts and every colour
/// change are checked.
std::unique_ptr<scenario> make_chameneos_scenario();

} // namespace actorbench::bench
