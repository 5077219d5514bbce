#pragma once

// Private to bench/output's JSON readers: a saved scenario declaration.

#include "bench/harness/declaration.hpp"
#include "output/json_node.hpp"

namespace actorbench::bench {

/// The "scenario" object of schema 2 results: the declaration its runs were
/// made under. Throws json_field_error for a missing or mistyped field.
declaration read_declaration(const json_node& n);

} // namespace actorbench::bench
