#pragma once

#include <cstddef>

#include "bench/scenarios/fanout/fanout.hpp"
#include "bench/harness/run_record.hpp"

namespace actorbench::bench {

/// One fan-out run as the harness records it: replies_s, spawn_done_s,
/// teardown_done_s and actors_per_s in base units, the collector's counts as
/// checks, and with worker nodes one part per node ("local" first) with its
/// replies, replies_s and teardown_s and a "senders" fact.
run_record to_run_record(const actors::fanout_sample& s, std::size_t procs);

} // namespace actorbench::bench
