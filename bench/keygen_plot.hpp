#pragma once

#include <string>
#include <vector>

#include "bench/common/error.hpp"
#include "bench/keygen_report.hpp"

namespace actorbench::bench {

/// Draws the keygen `cells` into the image file `path` (".svg" or ".png")
/// with gnuplot: one row of two panels per grid of make_keygen_grids (an
/// algorithm and back-end), all in the one image, titled "actorbench keygen:
/// rsa (openssl)" (the grids' names, comma-separated, when there are several):
///  - left: thread-seconds per key against worker threads on a log y axis, one
///    line per key size ("2048 bits"), each with its ideal, flat at the value
///    of its fewest threads, dashed in the same colour;
///  - right: speed-up (wall per key at the fewest threads over wall per key)
///    against worker threads, one line per key size, with the ideal linear
///    line dashed.
/// Sizes with a partial cell (time limit) say "(partial)" in the legend.
/// Cells without keys are left out; grids without any are left out.
///
/// `gnuplot` is found and run as by render_plot. Returns true once the file is
/// written; bad_input for another extension or when no cell has a key;
/// runtime_failure as render_plot.
result<bool> write_keygen_plot(const std::vector<keygen_cell>& cells, const std::string& path,
                               const std::string& gnuplot = "gnuplot");

} // namespace actorbench::bench
