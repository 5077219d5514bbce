#pragma once

// What the game server and its load generator share on their command lines:
// number parsing that names the bad value and the valid range, the choice of
// AEAD cipher, the parse itself (--help, or one line and exit 2), and
// stopping on SIGINT/SIGTERM.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "crypto/backend.hpp"
#include "crypto/cipher_info.hpp"
#include "crypto/error.hpp"

namespace CLI {
class App;
}

namespace game {

/// A value, or the one-line message "invalid --name 'text': expected ...".
template <class T>
using parsed = actorbench::crypto::result<T, std::string>;

/// A whole decimal integer in [min, max].
parsed<std::uint64_t> parse_integer(std::string_view name, const std::string& text,
                                    std::uint64_t min, std::uint64_t max);

/// A decimal number in [min, max]; `unit` names it in the error ("a number" if empty).
parsed<double> parse_number(std::string_view name, const std::string& text, double min, double max,
                            std::string_view unit = {});

/// Seconds, a decimal number in [min, max].
parsed<std::chrono::duration<double>> parse_seconds(std::string_view name, const std::string& text,
                                                    double min, double max);

/// What a program does instead of running after parsing its command line:
/// after --help, exit 0 with the help on stdout; after an error CLI11 found,
/// exit 2 with the error on stderr.
struct command_line_exit {
  int code = 0;
  std::string text;
};

/// Parses the command line into `app`; nothing if the program goes on.
std::optional<command_line_exit> parse_command_line(CLI::App& app, int argc, char** argv);

/// What carries the frames: a TCP stream, or UDP with one frame per datagram.
enum class transport { tcp, udp };

/// "tcp" or "udp", for --transport.
parsed<transport> parse_transport(const std::string& text);

/// An AEAD cipher and the back-end that runs it.
struct aead_choice {
  const actorbench::crypto::backend* backend = nullptr;
  const actorbench::crypto::cipher_info* cipher = nullptr;
};

/// The first available back-end offering AEAD cipher `name`.
parsed<aead_choice> find_aead(const std::string& name);

/// From now on SIGINT and SIGTERM set a flag instead of killing the process.
void catch_stop_signals();

/// Whether SIGINT or SIGTERM arrived since catch_stop_signals().
bool stop_requested() noexcept;

/// Sleeps until a stop signal or `limit` has passed (never when `limit`
/// is zero or less: then until a signal), calling `tick` (if any) every few
/// milliseconds meanwhile. Returns true if a signal came.
bool wait_for_stop(std::chrono::duration<double> limit, const std::function<void()>& tick = {});

/// Raises the soft limit of open files to the hard one and returns it.
std::uint64_t raise_open_files_limit() noexcept;

} // namespace game
