#pragma once

#include <string>

#include "bench/cli.hpp"
#include "bench/error.hpp"

namespace actorbench::bench {

/// table, json, csv or markdown.
result<output_format> parse_format(const std::string& text);

/// Checks before any work that `path` can be written: not a directory, and
/// the file or its directory writable. `option` names the option in errors.
result<bool> check_output_path(const std::string& option, const std::string& path);

/// check_output_path for --plot, which also needs a .svg or .png name.
result<bool> check_plot_path(const std::string& path);

} // namespace actorbench::bench
