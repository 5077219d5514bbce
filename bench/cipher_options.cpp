#include "bench/cipher_options.hpp"

#include "actors/runtime/context_strategy.hpp"
#include "bench/common/cipher_choice.hpp"
#include "bench/harness/value_list.hpp"

namespace actorbench::bench {

namespace {

constexpr std::size_t max_threads = 1024;
constexpr std::size_t max_iterations = 10'000;
constexpr std::size_t max_time_ms = 600'000;

} // namespace

result<cipher_options> validate_cipher(const cipher_cli_values& raw) {
  cipher_options out;
  auto& s = out.settings;
  auto ciphers = choose_ciphers(raw.backend, raw.cipher);
  if (!ciphers)
    return ciphers.err();
  auto context_words = parse_word_list("--context", raw.context);
  if (!context_words)
    return context_words.err();
  std::vector<actors::context_strategy> contexts;
  for (const auto& w : *context_words) {
    auto c = actors::parse_context_strategy(w);
    if (!c)
      return bad_input("invalid --context '" + raw.context
                       + "': expected per-message, per-actor, per-thread or a list of them");
    contexts.push_back(*c);
  }
  auto sizes = parse_count_list("--sizes", raw.sizes, 1, max_cipher_message_size);
  if (!sizes)
    return sizes.err();
  auto threads = parse_count("--threads", raw.threads, 1, max_threads);
  if (!threads)
    return threads.err();
  s.threads = *threads;
  auto warmup = parse_count("--warmup", raw.warmup, 0, max_iterations);
  if (!warmup)
    return warmup.err();
  s.warmup_iterations = *warmup;
  auto iterations = parse_count("--iterations", raw.iterations, 1, max_iterations);
  if (!iterations)
    return iterations.err();
  s.iterations = *iterations;
  auto time_ms = parse_count("--time", raw.time_ms, 1, max_time_ms);
  if (!time_ms)
    return time_ms.err();
  s.iteration_time = std::chrono::milliseconds{*time_ms};

  std::size_t default_reference = 0;
  bool found_default = false;
  for (const auto& [backend, cipher] : *ciphers)
    for (auto context : contexts)
      for (auto size : *sizes) {
        if (!found_default && backend->name() == "openssl" && cipher->name == "aes-128-ctr"
            && context == actors::context_strategy::per_actor) {
          default_reference = s.cases.size();
          found_default = true;
        }
        s.cases.push_back({backend, cipher, context, size});
      }
  out.reference = default_reference;
  if (!raw.reference.empty()) {
    auto r = parse_count("--reference", raw.reference, 1, s.cases.size());
    if (!r)
      return r.err();
    out.reference = *r - 1;
  }
  return out;
}

} // namespace actorbench::bench
