#include "bench/keygen_options.hpp"

#include <algorithm>

#include "actors/keygen/keygen_pool.hpp"
#include "bench/harness/memory_budget.hpp"
#include "bench/output_options.hpp"
#include "bench/harness/value_list.hpp"

namespace actorbench::bench {

namespace {

constexpr std::size_t max_threads = 1024;
constexpr std::size_t max_keys = 1'000'000;
constexpr std::size_t max_time_limit_s = 7 * 86'400;

} // namespace

result<keygen_options> validate_keygen(const keygen_cli_values& raw) {
  keygen_options out;
  auto algo = crypto::parse_key_algorithm(raw.algo);
  if (!algo)
    return bad_input("invalid --algo '" + raw.algo + "': expected rsa, dh, ec, x25519 or ed25519");
  if (raw.backend != "openssl" && raw.backend != "sodium")
    return bad_input("invalid --backend '" + raw.backend + "': expected openssl or sodium");
  std::vector<std::size_t> bits{0};
  if (crypto::has_key_size(*algo)) {
    auto list = parse_count_list("--bits", raw.bits, 1, 65536);
    if (!list)
      return list.err();
    bits = *list;
  }
  for (auto b : bits) {
    crypto::keygen_request request{*algo, b, raw.backend};
    // The generator checks size and back-end; building one now turns a bad
    // request into bad input before anything is timed.
    auto generator = crypto::make_key_generator(request);
    if (!generator)
      return bad_input("invalid keygen request " + crypto::describe(request) + ": "
                       + generator.err().detail);
    out.requests.push_back(request);
  }
  auto threads = parse_count_list("--threads", raw.threads, 1, max_threads);
  if (!threads)
    return threads.err();
  out.threads = *threads;
  auto keys = parse_count("--keys", raw.keys, 1, max_keys);
  if (!keys)
    return keys.err();
  out.keys = *keys;
  if (!raw.time_limit.empty()) {
    auto limit = parse_count("--time-limit", raw.time_limit, 1, max_time_limit_s);
    if (!limit)
      return limit.err();
    out.time_limit = std::chrono::seconds{*limit};
  }
  if (raw.dump_keys_given) {
    auto ok = check_output_path("--dump-keys", raw.dump_keys);
    if (!ok)
      return ok.err();
    out.dump_keys_path = raw.dump_keys;
  }
  auto budget = parse_memory_budget(raw.max_memory);
  if (!budget)
    return budget.err();
  // Cells run one after another: the largest key size counts.
  std::size_t per_key = 0;
  for (const auto& request : out.requests)
    per_key = std::max(per_key, actors::keygen_bytes_per_key(request, raw.dump_keys_given));
  auto fits = check_memory_estimate(*budget, "--keys", raw.keys, out.keys, "keys", "key", per_key);
  if (!fits)
    return fits.err();
  return out;
}

} // namespace actorbench::bench
