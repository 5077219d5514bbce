#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "bench/cli.hpp"
#include "bench/servers/refusal_log.hpp"

namespace actorbench::bench {

/// Each runs one subcommand to the end and returns the process exit code
/// (0 ok, 1 runtime failure, 2 bad input), printing results to standard
/// output and one line per error to standard error.
int run_cipher(const cipher_options& opts);
int run_keygen(const keygen_options& opts);
int run_zone(const zone_options& opts);
int run_serve(const serve_options& opts);
int run_rpc(const rpc_options& opts);
int run_node(const node_options& opts);

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

/// For a TLS server (`prefix`: "actorbench serve: " or "actorbench node: "):
/// one warning line on standard error per reason clients will refuse its
/// certificate, so that the server does not start silently unusable.
void warn_about_server_certificate(const std::string& prefix, const actors::tls_settings& tls);

/// Prints on standard error what `log` makes of the TLS clients this process
/// refused since the last call; `at_end`: also the count not printed yet.
void print_refusals(refusal_log& log, bool at_end = false);

} // namespace actorbench::bench
