#pragma once

#include <cstddef>
#include <string>

namespace actorbench::bench {

/// The image formats a plot can be written in.
enum class image_format { svg, png };

/// `text` as a gnuplot string expression that gnuplot can only read as
/// text, whatever it holds: single-quoted parts, each quote as "'" joined
/// on with `.` ('it'."'".'s'); line breaks and tabs as spaces, any other
/// control character (NUL included) and invalid UTF-8 as U+FFFD. Every
/// string from results goes into a script through it. The terminals are
/// `noenhanced`, so _ ^ @ & { } show as they are.
std::string gnuplot_quote(const std::string& text);

/// `v` as gnuplot reads it, whatever the process locale; NaN when it is
/// not finite.
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

} // namespace actorbench::bench
