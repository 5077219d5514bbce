#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "bench/cli.hpp"

namespace actorbench::bench {

/// Each runs one subcommand to the end and returns the process exit code
/// (0 ok, 1 runtime failure, 2 bad input), printing results to standard
/// output and one line per error to standard error.
int run_cipher(const cipher_options& opts);
int run_keygen(const keygen_options& opts);

/// Prints `err` as one line on standard error; returns its exit code.
int fail(const error& err);

/// Writes results through `write` to `path` (replaced only once complete,
/// see output_file), or to standard output when `path` is empty. With a file,
/// the console also gets them through `table` when the file holds another
/// format, or when the file could not be written, so no results are lost.
/// Standard output is flushed and checked; the file's error comes first.
result<bool> emit(const std::string& path, output_format format,
                  const std::function<void(std::ostream&)>& write,
                  const std::function<void(std::ostream&)>& table);

} // namespace actorbench::bench
