#pragma once

#include <memory>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// `actorbench cipher`: cipher-context reuse against creation per call (the Cassandra JMH experiment). One run is one
/// fixed-time iteration of decrypting (--direction encrypt: encrypting) one
/// message over and over, on `threads` threads, with the context from one
/// strategy (per-message, per-actor, per-thread), for every available
/// back-end/cipher pair and size.
std::unique_ptr<scenario> make_cipher_scenario();

} // namespace actorbench::bench
