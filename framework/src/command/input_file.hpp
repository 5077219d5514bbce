#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "bench/error.hpp"

namespace actorbench::bench {

/// Reads a regular file whole, never waiting: a FIFO, socket or device
/// (which may never answer or never end) is refused before it is read, and
/// the file is opened O_NONBLOCK so that one swapped in after the check
/// cannot block the open either. Errors say why without the path, for the
/// caller to put in its own line:
/// - bad_input "No such file or directory" (strerror) when it cannot be
///   opened, "it is a directory, not readable as a file", "it is a FIFO
///   (named pipe), not a regular file", "it is a device, ..." or "it is a
///   socket, ...";
/// - bad_input "it is larger than N MiB: not WHAT" beyond `max_bytes` (N is
///   max_bytes in MiB, `what` says what the file was to be);
/// - bad_input "cannot read it: REASON" when a read fails (EIO): never an
///   empty file instead;
/// - runtime_failure "out of memory" when the text does not fit.
result<std::string> read_input_file(const std::string& path, std::size_t max_bytes,
                                    const std::string& what);

} // namespace actorbench::bench
