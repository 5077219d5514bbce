#include "bench/scenarios/cipher/cipher_scenario.hpp"

#include <string>
#include <vector>

#include "bench/scenarios/cipher/cipher_pairs.hpp"
#include "bench/scenarios/cipher/cipher_session.hpp"
#include "bench/scenarios/cipher/cipher_verdict.hpp"
#include "bench/scenarios/cipher/decrypt_workload.hpp"
#include "bench/scenarios/cipher/jmh_view.hpp"
#include "bench/scenarios/shared/cipher_choice.hpp"

namespace actorbench::bench {

namespace {

constexpr std::int64_t ms = 1'000'000; // in nanoseconds

void declare_cipher_params(declaration& d) {
  d.word("backend", backend_words()).def("all").help("Back-ends: a list or all");
  // The defaults answer "which library?" for the common AEAD cipher in
  // under a minute; --cipher all --context all --sizes 12,64,1024,16384 is
  // the whole grid.
  d.word("cipher", cipher_words())
    .word_aliases(cipher_alias_words(false))
    .def("aes-128-gcm")
    .help("Ciphers: a list or all; pairs a back-end lacks are left out (see --list)");
  d.word("context", {"per-message", "per-actor", "per-thread"})
    .def("per-actor")
    .help(
      "Where the context comes from: per-message (the back-end's naive decrypt_once or "
      "encrypt_once: made, keyed and freed for each op), "
      "per-actor (one per thread, made before timing), per-thread (a thread-local cache "
      "looked up per op)");
  d.word("direction", {"decrypt", "encrypt"})
    .def("decrypt")
    .help(
      "The op timed: decrypt (tag verified for AEAD ciphers) or encrypt (for AEAD ciphers "
      "the seal: ciphertext and tag), or a list");
  d.size("size")
    .range(1, static_cast<std::int64_t>(max_decrypt_message_size))
    .def("64,1024")
    .unit("bytes")
    .alias("sizes")
    .help("Plaintext bytes per message: a list or range");
  d.integer("threads").range(1, 1024).def("1").unit("threads").help(
    "Benchmark threads, each with its own contexts");
  d.duration("time")
    .range(1 * ms, 600'000 * ms)
    .def("50")
    .bare_unit("ms")
    .unit("ms")
    .fixed()
    .run_length()
    .help("Wall time of one iteration (one run); a bare number is milliseconds");
}

void declare_cipher_metrics(declaration& d) {
  d.metric("time_per_op", "s")
    .title("time per operation")
    .headline()
    .help(
      "Wall time per decrypt (per encrypt with --direction encrypt), all threads together "
      "(JMH's avgt)");
  d.metric("throughput", "ops/s")
    .higher_is_better()
    .help("Decrypts (or encrypts) per second, all threads");
  d.metric("bytes_per_s", "B/s")
    .higher_is_better()
    .help("Plaintext bytes decrypted (or encrypted) per second");
  // The name stays failed_decrypts for encrypts too, so that older result
  // files and the ones with both directions read alike.
  d.check("failed_decrypts",
          "Decrypts (or encrypts) that failed or returned the wrong size, and threads whose "
          "last output was wrong (an encrypt's differs from the reference ciphertext or does "
          "not decrypt to the plaintext)");
}

declaration cipher_declaration() {
  declaration d{"cipher",
                "Decrypt (or encrypt) microbenchmark (the Cassandra experiment): every back-end x "
                "cipher x context strategy x size, JMH-style, interleaved"};
  declare_cipher_params(d);
  declare_cipher_metrics(d);
  // Ten runs a side: enough for the U test's p and the medians' intervals.
  d.defaults.runs = 10;
  d.defaults.runs_aliases = {"iterations"};
  d.defaults.warmup = 1;
  d.work_unit = "op";
  return d;
}

class cipher_scenario : public scenario {
 public:
  cipher_scenario() : declared_(cipher_declaration()) {}

  const declaration& declared() const override { return declared_; }

  result<std::vector<configuration>> refine(std::vector<configuration> plan) const override {
    return keep_available_pairs(std::move(plan), declared_.param("backend")->words,
                                declared_.param("cipher")->words);
  }

  result<std::unique_ptr<scenario_session>> start(std::vector<configuration>& plan) const override {
    return cipher_session::make(plan);
  }

  std::optional<std::size_t> default_reference(
    const std::vector<configuration>& plan) const override {
    // openssl/aes-128-ctr/per-actor/decrypt at the first size, as before;
    // without aes-128-ctr, openssl's first cipher there.
    std::optional<std::size_t> openssl;
    for (std::size_t i = 0; i < plan.size(); ++i)
      if (plan[i].word("backend") == "openssl" && plan[i].word("context") == "per-actor"
          && plan[i].word("direction") == "decrypt") {
        if (plan[i].word("cipher") == "aes-128-ctr")
          return i;
        if (!openssl)
          openssl = i;
      }
    return openssl;
  }

  std::vector<const view*> views() const override { return {&jmh_view::instance()}; }

  std::string verdict(const scenario_results& r) const override { return cipher_verdict(r); }

 private:
  declaration declared_;
};

} // namespace

std::unique_ptr<scenario> make_cipher_scenario() {
  return std::make_unique<cipher_scenario>();
}

} // namespace actorbench::bench
