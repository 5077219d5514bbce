#pragma once

#include <string>

#include "bench/error.hpp"
#include "bench/harness/results.hpp"
#include "bench/output/gnuplot.hpp"
#include "bench/output/view.hpp"

namespace actorbench::bench {

/// The generic plot of the headline metric, as a gnuplot script (preamble
/// included) with the data inline. What varies decides its shape:
///  - a numeric parameter other than threads: the median against it, bars
///    from the fastest to the slowest run, one line per combination of the
///    rest; log axes when its values grow geometrically (x), and y too when
///    the medians span a factor of 10 or more;
///  - otherwise threads: the speed-up over the fewest threads, with the
///    ideal linear line;
///  - otherwise: one bar per configuration (median, min..max).
/// bad_input when no configuration measured the headline.
result<std::string> generic_plot_script(const scenario_results& r, image_format format);

/// The script `plot_view` draws when it has one (its text after the
/// preamble, which is prepended unless it sets a terminal itself), else the
/// generic one.
result<std::string> results_plot_script(const scenario_results& r, image_format format,
                                        const view* plot_view = nullptr);

/// Draws `r` into `path` (.svg or .png) with results_plot_script and
/// render_plot.
result<void> plot_results(const scenario_results& r, const std::string& path,
                          const view* plot_view = nullptr, const std::string& gnuplot = "gnuplot");

} // namespace actorbench::bench
