#pragma once

namespace actorbench::bench {

/// How results are written.
enum class output_format { table, json, csv, markdown };

} // namespace actorbench::bench
