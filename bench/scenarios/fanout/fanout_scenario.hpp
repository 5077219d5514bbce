#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// The Erlang experiment's fan-out: a collector and --procs senders that
/// each (with --crypto on) decrypt an AES-CTR payload and reply; its
/// default table is erlang_table_view().
std::unique_ptr<scenario> make_fanout_scenario();

} // namespace actorbench::bench
