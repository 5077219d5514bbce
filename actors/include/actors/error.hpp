#pragma once

#include <string>
#include <string_view>

#include "common/result.hpp"

namespace actorbench::actors {

/// What can go wrong while running actors.
enum class errc {
  /// The collector did not receive every reply within the time limit.
  timeout = 1,
  /// Sender actors were still alive when the teardown time limit ran out.
  teardown_timeout,
  /// Preparing the payload or a cipher context failed.
  crypto_failure,
  /// A parameter is outside what the scenario supports.
  bad_parameter,
  /// Listening, connecting or a remote request failed (including refused
  /// TLS handshakes).
  network_failure,
  /// A worker node could not be reached, could not run its share, or went
  /// down before its share of the replies was in.
  node_failure,
  /// A handshake or connect token did not authenticate: a wrong server key,
  /// a tampered message, or a token sealed under another key.
  authentication_failed,
  /// A handshake message or token is not well formed (length, type, version).
  malformed_input,
  /// A connect token's expiry has passed.
  token_expired,
  /// A connect token already used once (its id was seen before).
  token_reused,
  /// A bounded resource is used up: the nonce counter of a key (rekey) or the
  /// verifier's table of seen token ids.
  limit_reached,
};

/// Short stable name of an error code, e.g. "timeout".
std::string_view to_string(errc code);

/// An error code with a human-readable detail line.
struct error {
  errc code;
  std::string detail;
};

/// A value or an actors::error.
template <class T>
using result = actorbench::result<T, error>;

} // namespace actorbench::actors
