#pragma once

#include "bench/harness/results.hpp"

namespace actorbench::bench::testing {

/// Results that use every field kind of the JSON layout: each parameter
/// type, an n/a parameter, per-run, phase and per-event metrics, checks,
/// facts of each type, parts, a partial run, NaN, a search. The text
/// parameter holds a comma and quotes, for the CSV quoting.
scenario_results sample_results();

/// sample_results with the noise monitor's record (a repeated round, its
/// discarded run) and no search.
scenario_results noisy_sample_results();

} // namespace actorbench::bench::testing
