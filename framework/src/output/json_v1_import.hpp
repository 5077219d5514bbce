#pragma once

// Private to bench/output: the schema 1 import behind read_results.

#include <string>

#include "bench/error.hpp"
#include "bench/harness/results.hpp"
#include "output/json_node.hpp"

namespace actorbench::bench {

/// A schema 1 document (actorbench 0.1, no schema_version): a fan-out file
/// becomes schema 2 results of a minimal fan-out declaration; the other
/// commands' files are refused by name. Throws json_field_error for a
/// missing or mistyped field; `name` is the file in the refusal.
result<scenario_results> import_schema1(const json_node& doc, const std::string& name);

} // namespace actorbench::bench
