#pragma once

#include <chrono>
#include <cstddef>

#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"
#include "crypto/key_generator.hpp"

namespace actorbench::bench {

/// The request a keygen configuration names: algo, bits (where it applies)
/// and backend.
crypto::keygen_request request_of(const configuration& c);

/// Expected wall seconds of a cell of `keys` keys on `threads` threads from
/// one key's seconds on one thread: keys go out one at a time, so there are
/// ceil(keys / threads) rounds, each as long as one key while every thread
/// has a core and threads / cores times longer beyond.
double cell_seconds_estimate(double seconds_per_key, std::size_t keys, std::size_t threads,
                             std::size_t cores);

/// Seconds per key at `to_bits` from seconds at `from_bits`: RSA and DH grow
/// by about 2^3.5 per doubling of the size (the key-generation experiment: 7.8 to 13 times per
/// doubling); EC, X25519 and Ed25519 are taken as flat.
double scaled_key_seconds(crypto::key_algorithm algo, std::size_t from_bits, double seconds,
                          std::size_t to_bits);

/// A rough per-key time for announcing long cells: generates keys on the
/// calling thread until `budget` has passed or 32 keys are done (at least
/// one) and returns the mean. RSA and DH above 1024 bits are timed at 1024
/// and scaled, so that announcing an RSA-8192 cell does not take minutes.
result<double> calibrate_key_seconds(const crypto::keygen_request& request,
                                     std::chrono::milliseconds budget = std::chrono::milliseconds{
                                       300});

} // namespace actorbench::bench
