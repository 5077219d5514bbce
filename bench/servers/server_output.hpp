#pragma once

#include <iosfwd>
#include <string>

#include "actors/remote/tls_settings.hpp"
#include "bench/command/main.hpp"
#include "bench/error.hpp"

namespace actorbench::bench {

/// Prints "actorbench: MESSAGE" on `err`; returns the error's exit code.
int server_failure(std::ostream& err, const error& e);

/// Prints `line` on `out` and makes sure it got out (standard output is
/// checked): whoever started the server reads its port from it, and would
/// wait in vain.
result<void> announce(std::ostream& out, const std::string& line);

/// One warning line on `err` per reason clients will refuse this server's
/// certificate, so that a server does not start silently unusable.
void warn_about_server_certificate(const std::string& prefix, const actors::tls_settings& tls,
                                   std::ostream& err);

/// A server command: its declaration, the reader of its one configuration
/// (bad input printed like any failure) and what runs with the result.
template <class Settings>
command_decl server_command(declaration d, result<Settings> (*read)(const configuration&),
                            int (*run)(const Settings&, std::ostream&, std::ostream&)) {
  command_decl c;
  c.params = std::move(d);
  c.run = [read, run](const configuration& config, std::ostream& out, std::ostream& err) {
    auto settings = read(config);
    if (!settings)
      return server_failure(err, settings.err());
    return run(*settings, out, err);
  };
  return c;
}

} // namespace actorbench::bench
