#pragma once

#include <string>

#include "bench/harness/declaration.hpp"

namespace actorbench::bench {

/// Declares the parameters that reach worker nodes (group "worker nodes"):
/// --nodes HOST:PORT,... (help `nodes_help`), --tls, --cert, --key, --ca.
/// Read them with worker_nodes() and tls_of() (bench/fanout/fanout_settings.hpp).
void declare_node_params(declaration& d, std::string nodes_help);

} // namespace actorbench::bench
