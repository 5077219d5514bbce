#pragma once

#include <chrono>
#include <cstdint>
#include <string>

namespace actorbench::actors {

/// What a TCP peer sends on a fresh connection on which it is sent nothing.
/// A failed handshake leaves only CAF's error code; listening to the peer
/// afterwards tells an actorbench server that refused a plain client (a TLS
/// one: silent until spoken to) from a server of another protocol (it
/// greets, or closes at once).
struct peer_greeting {
  /// The probe's connection was accepted.
  bool connected = false;
  /// Its first bytes (at most max_bytes), as received.
  std::string bytes;
  /// It closed the connection within the wait.
  bool closed = false;

  static constexpr std::size_t max_bytes = 64;
};

/// Connects to `host`:`port` and reads until the peer closes, max_bytes
/// arrived or `wait` passed; sends nothing. Every failure is a greeting
/// with `connected` false.
peer_greeting listen_to_peer(const std::string& host, std::uint16_t port,
                             std::chrono::milliseconds wait);

/// How CAF's plain handshake ended before it completed.
enum class handshake_end {
  /// The peer closed the connection before a whole BASP header arrived.
  closed,
  /// The peer sent a header that is not BASP.
  garbled,
};

/// Why a plain (not TLS) connection's handshake failed, as one clause for
/// "cannot connect to HOST:PORT: ...": what the peer did, and a TLS hint
/// only where TLS is plausible (it sends nothing first and closed when it
/// read CAF's handshake, as a TLS server does, or its greeting is a TLS
/// record).
std::string explain_failed_handshake(handshake_end how, const peer_greeting& greeting);

} // namespace actorbench::actors
