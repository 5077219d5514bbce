#pragma once

#include <string>

#include "bench/error.hpp"

namespace actorbench::bench {

/// An SVG image (gnuplot's) as an element of an HTML page: its <svg>
/// element alone, without the XML declaration, a DOCTYPE or the namespace
/// declarations, which an HTML parser supplies itself. runtime_failure when
/// there is no <svg> element, or it holds a script, foreign content, or a
/// reference to anything but its own parts ("#id"): a self-contained page
/// has none.
result<std::string> inline_svg(const std::string& image);

} // namespace actorbench::bench
