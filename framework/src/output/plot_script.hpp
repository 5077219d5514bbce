#pragma once

// Private to bench/output: the generic plot's gnuplot script.

#include <string>

#include "bench/output/gnuplot.hpp"
#include "output/plot_data.hpp"

namespace actorbench::bench {

/// The gnuplot script (preamble included, data inline) drawing `p` in
/// `format`: lines with bars from the fastest to the slowest run for a
/// scan, the speed-up with the ideal line for threads, boxes for bars.
std::string plot_script(const plot_data& p, image_format format);

} // namespace actorbench::bench
