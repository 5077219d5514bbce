#pragma once

#include <optional>
#include <string>

#include "bench/harness/results.hpp"
#include "bench/output/gnuplot.hpp"

namespace actorbench::bench {

/// The gnuplot script of the keygen plot, preamble included: one row of two
/// panels per table of make_key_tables, thread-seconds per key by threads
/// (log y, one line per key size, dashed flat ideal) and the speed-up over
/// the fewest threads (dashed linear ideal); sizes with a partial cell say
/// "(partial)". Unset when no cell generated a key.
std::optional<std::string> keygen_plot_script(const scenario_results& r, image_format format);

} // namespace actorbench::bench
