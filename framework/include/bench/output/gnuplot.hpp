#pragma once

#include <cstddef>
#include <string>

#include "bench/error.hpp"

namespace actorbench::bench {

/// The image formats a plot can be written in.
enum class image_format { svg, png };

/// The format of the image file `path` from its extension (".svg" or ".png",
/// any case); bad_input "invalid --plot 'PATH': expected a .svg or .png file"
/// for another extension or a bare extension such as "dir/.svg".
result<image_format> plot_format(const std::string& path);

/// `text` as a gnuplot single-quoted string: '' for a quote, line breaks as
/// spaces. The terminals are `noenhanced`, so _ ^ @ & { } show as they are.
std::string gnuplot_quote(const std::string& text);

/// `v` as gnuplot reads it, whatever the process locale.
std::string gnuplot_number(double v);

/// The script's start: encoding, the terminal of `format` at `width` x
/// `height` pixels (pngcairo if gnuplot has it, else png), grid, border and
/// key style shared by every plot.
std::string gnuplot_preamble(image_format format, int width, int height);

/// The i-th line colour ("#rrggbb"), distinguishable also in grey.
const char* gnuplot_colour(std::size_t i);

/// The style of the i-th data line: width, point type and gnuplot_colour(i),
/// as " lw .. pt .. ps .. lc rgb '..'".
std::string gnuplot_line_style(std::size_t i);

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
result<bool> render_plot(const std::string& script, const std::string& path,
                         const std::string& gnuplot = "gnuplot");

} // namespace actorbench::bench
