#pragma once

#include <string>

#include "bench/output_format.hpp"
#include "bench/common/error.hpp"
#include "bench/output/output_path.hpp"

namespace actorbench::bench {

/// table, json, csv or markdown.
result<output_format> parse_format(const std::string& text);

} // namespace actorbench::bench
