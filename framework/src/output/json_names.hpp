#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "bench/harness/metric.hpp"
#include "bench/harness/param.hpp"

namespace actorbench::bench {

/// The names the JSON results give the declaration's enums, one table per
/// enum so the writer and the reader cannot disagree.
std::string_view json_name(param_type t);
std::string_view json_name(better b);
std::string_view json_name(reduction r);

/// The enum of that name; unset for an unknown name.
std::optional<param_type> param_type_named(std::string_view name);
std::optional<better> better_named(std::string_view name);
std::optional<reduction> reduction_named(std::string_view name);

} // namespace actorbench::bench
