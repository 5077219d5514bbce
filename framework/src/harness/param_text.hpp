#pragma once

#include <string>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"
#include "bench/harness/param.hpp"

namespace actorbench::bench {

/// The values one parameter's text stands for, parsed by its type: a list
/// or range for a scanning parameter, exactly one value otherwise ("invalid
/// --timeout '1,2': takes one value"). Errors are bad_input naming the
/// option, the text and what is valid.
result<std::vector<param_value>> parse_param_text(const param_decl& p, const std::string& text);

} // namespace actorbench::bench
