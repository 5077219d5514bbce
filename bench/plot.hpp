#pragma once

#include <string>

#include "bench/common/error.hpp"
#include "bench/reporter.hpp"

namespace actorbench::bench {

/// Draws `r` into the image file `path` with gnuplot; the format comes from
/// the extension: ".svg" (terminal svg) or ".png" (pngcairo if gnuplot has it,
/// else png). What is drawn depends on what varies among the results:
///  - procs (a scan): median seconds per run against sender actors on log-log
///    axes, bars from the fastest to the slowest run, one line per other
///    combination (e.g. crypto off / on), and a second panel with the median
///    time per actor in microseconds;
///  - otherwise threads: speed-up (median at the smallest thread count over the
///    median) and efficiency (speed-up / threads) against threads, one line per
///    other combination;
///  - otherwise (a comparison of configurations): one bar of the mean time per
///    result, ± one standard deviation, labelled by result_labels().
///
/// `gnuplot` names the program: a bare name is looked up on PATH, a name with a
/// '/' is used as it is. It runs as a child process without a shell, reads the
/// script (data inline) on its standard input, writes the image to its standard
/// output, and is killed after 30 s. Returns true once the file is written;
/// bad_input for another extension or a report without samples;
/// runtime_failure if gnuplot is missing, fails (its first error line), times
/// out, or the file cannot be written.
result<bool> write_plot(const report& r, const std::string& path,
                        const std::string& gnuplot = "gnuplot");

} // namespace actorbench::bench
