#pragma once

#include <vector>

#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"
#include "bench/harness/declaration.hpp"

namespace actorbench::bench {

/// The fan-out's cross-parameter checks, in the command's wording: --pin's CPUs,
/// --nodes (each run needs a sender per node), --tls (needs --nodes and its
/// three files). Each crypto-on configuration gets its back-end and cipher
/// resolved and written in (no back-end: the first offering the cipher, or
/// openssl; no cipher: the back-end's default). Pairs that cannot exist are
/// dropped; a cipher asked for that no configuration keeps is refused, unless
/// every cipher was asked for (--cipher all), which keeps whatever exists.
result<std::vector<configuration>> refine_fanout_plan(const declaration& d,
                                                      std::vector<configuration> plan);

} // namespace actorbench::bench
