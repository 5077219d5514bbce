#pragma once

#include <string>

#include "bench/error.hpp"
#include "bench/output/gnuplot.hpp"

namespace actorbench::bench {

/// The format of the image file `path` from its extension (".svg" or ".png",
/// any case); bad_input "invalid --plot 'PATH': expected a .svg or .png file"
/// for another extension or a bare extension such as "dir/.svg".
result<image_format> plot_format(const std::string& path);

/// Runs `gnuplot` on `script` (which starts with gnuplot_preamble) and writes
/// the image it prints to `path`.
///
/// `gnuplot` names the program: a bare name is looked up on PATH, a name with
/// a '/' is used as it is. It runs as a child process without a shell (with
/// -d, ignoring start-up files), reads the script on its standard input,
/// writes the image to its standard output, and is killed after 30 s. Returns
/// true once the file is written; runtime_failure if gnuplot is missing
/// ("gnuplot not found: install it with apt-get install gnuplot-nox"), fails
/// (with its first error line), times out, or the file cannot be written.
result<void> render_plot(const std::string& script, const std::string& path,
                         const std::string& gnuplot = "gnuplot");

} // namespace actorbench::bench
