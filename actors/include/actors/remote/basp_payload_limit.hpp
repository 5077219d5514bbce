#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace actorbench::actors::basp_payload_limit {

/// The default limit: 1 MiB, about 50 times the largest message actorbench
/// sends between processes (a reply_batch of 256 replies, some 18 KiB).
inline constexpr std::uint32_t default_limit = 1u << 20;

/// CAF 0.17.6's BASP (libcaf_io) reads a 32-byte header, checks it with
/// caf::io::basp::valid and, when valid, sets up a read of exactly the
/// payload size the header declares, up to 4 GiB: the stream resizes (and
/// zero-fills) its buffer to that size at once, before the peer has sent,
/// or proved, anything. One unauthenticated header is enough to exhaust the
/// memory of a server, or of a driver that connects to a hostile one.
///
/// The executable wraps caf::io::basp::valid (in actorbench_caf_interpose,
/// linked and exported like tls_monitor's SSL_new, see actors/CMakeLists.txt;
/// libcaf_io calls it through its PLT):
/// a header declaring more than the limit is invalid, so CAF drops that
/// connection before any allocation, and the wrapper records the refusal.
///
/// Sets the limit for the whole process, for every actor system in it; set
/// it before the actor systems start (it is read at every header).
void set(std::uint32_t bytes);

/// The limit in force.
std::uint32_t limit();

/// True when the limit is enforced: the executable links the wrapper
/// (actorbench::caf_protections) and libcaf_io is loaded. The wrapper needs
/// no switching on; this only tells. remote_runtime refuses to start without it.
bool enable();

/// True once CAF called the wrapper (false, e.g., in a program that links
/// the library without actorbench_caf_interpose).
bool active();

/// A BASP message refused for the size its header declared.
struct refusal {
  /// The peer's "IP:port": that of the connection libcaf_io last read on
  /// the thread that checked the header; "unknown peer" over TLS, whose
  /// reads go through OpenSSL.
  std::string peer;
  std::uint32_t declared = 0;
  std::uint32_t limit = 0;
};

/// Why the connection was dropped, for a log or an error: "its BASP header
/// declared a payload of N bytes, above the limit of M bytes".
std::string to_string(const refusal& r);

/// The refusals since the last call: the first few in full (at most 16 are
/// kept between calls) and how many there were in all.
struct refusals {
  std::vector<refusal> first;
  std::size_t count = 0;
};
refusals take();

} // namespace actorbench::actors::basp_payload_limit
