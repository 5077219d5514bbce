#include "bench/scenarios/keygen/keygen_estimate.hpp"

#include <algorithm>
#include <cmath>

namespace actorbench::bench {

namespace {

using clock = std::chrono::steady_clock;

constexpr std::size_t calibration_bits = 1024;
constexpr std::size_t calibration_keys = 32;

} // namespace

crypto::keygen_request request_of(const configuration& c) {
  crypto::keygen_request r;
  r.algo = crypto::parse_key_algorithm(c.word("algo")).value_or(crypto::key_algorithm::rsa);
  r.bits = c.applies("bits") ? static_cast<std::size_t>(c.integer("bits")) : 0;
  r.backend = c.word("backend");
  return r;
}

double cell_seconds_estimate(double seconds_per_key, std::size_t keys, std::size_t threads,
                             std::size_t cores) {
  if (threads == 0 || keys == 0)
    return 0;
  cores = std::max<std::size_t>(cores, 1);
  double rounds = std::ceil(static_cast<double>(keys) / static_cast<double>(threads));
  double slowdown = std::max(1.0, static_cast<double>(threads) / static_cast<double>(cores));
  return seconds_per_key * rounds * slowdown;
}

double scaled_key_seconds(crypto::key_algorithm algo, std::size_t from_bits, double seconds,
                          std::size_t to_bits) {
  bool grows = algo == crypto::key_algorithm::rsa || algo == crypto::key_algorithm::dh;
  if (!grows || from_bits == 0 || to_bits == 0)
    return seconds;
  return seconds * std::pow(static_cast<double>(to_bits) / static_cast<double>(from_bits), 3.5);
}

result<double> calibrate_key_seconds(const crypto::keygen_request& request,
                                     std::chrono::milliseconds budget) {
  auto probe = request;
  bool scaled =
    (request.algo == crypto::key_algorithm::rsa || request.algo == crypto::key_algorithm::dh)
    && request.bits > calibration_bits;
  if (scaled)
    probe.bits = calibration_bits;
  auto gen = crypto::make_key_generator(probe);
  if (!gen)
    return by_code(gen.err());
  std::size_t n = 0;
  auto start = clock::now();
  auto deadline = start + budget;
  do {
    auto key = (*gen)->generate();
    if (!key)
      return runtime_failure(key.err());
    ++n;
  } while (clock::now() < deadline && n < calibration_keys);
  double per_key =
    std::chrono::duration<double>(clock::now() - start).count() / static_cast<double>(n);
  return scaled ? scaled_key_seconds(request.algo, probe.bits, per_key, request.bits) : per_key;
}

} // namespace actorbench::bench
