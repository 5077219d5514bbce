#pragma once

#include <string>

namespace actorbench::bench {

/// `cell` as one CSV field (RFC 4180): quoted, with quotes doubled, when it
/// holds a comma, a quote or a line break; as it is otherwise.
std::string csv_quoted(const std::string& cell);

} // namespace actorbench::bench
