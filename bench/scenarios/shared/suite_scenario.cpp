#include "bench/scenarios/shared/suite_scenario.hpp"

#include <algorithm>
#include <cmath>
#include <variant>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/shared/cipher_choice.hpp"
#include "crypto/registry.hpp"

namespace actorbench::bench {

namespace {

bool crypto_on(const configuration& c) {
  return c.applies("crypto") && c.word("crypto") == "on";
}

// Crypto off: nothing to seal. On: the one available AEAD cipher asked for.
result<std::optional<cipher_choice>> resolve_cipher(const configuration& c) {
  if (!crypto_on(c))
    return std::optional<cipher_choice>{};
  const auto& name = c.word("cipher");
  const auto& backend = c.word("backend");
  auto choices = choose_ciphers(backend, name);
  if (!choices)
    return choices.err();
  if (choices->size() != 1 || !choices->front().second->aead)
    return bad_input("invalid --cipher '" + name + "' with --backend '" + backend
                     + "': expected one AEAD cipher of that back-end (see --list), e.g. "
                       "aes-128-gcm, chacha20-poly1305");
  return std::optional<cipher_choice>{choices->front()};
}

std::string cipher_key(const configuration& c) {
  return crypto_on(c) ? c.word("backend") + "/" + c.word("cipher") : std::string{"off"};
}

// "One per core" made a number, so tables and JSON say what ran.
void resolve_threads(configuration& c, std::size_t default_threads) {
  auto at = c.values.find("threads");
  if (at == c.values.end() || std::holds_alternative<std::string>(at->second))
    c.values["threads"] =
      static_cast<std::int64_t>(default_threads != 0 ? default_threads : actors::available_cores());
  auto& na = c.not_applicable;
  na.erase(std::remove(na.begin(), na.end(), "threads"), na.end());
}

class suite_session : public scenario_session {
 public:
  suite_session(const suite_spec& spec, by_name<cipher_choice> ciphers)
    : spec_(spec), ciphers_(std::move(ciphers)) {}

  result<run_record> run(run_context& ctx) override {
    const auto& c = ctx.config();
    auto keys = make_keys(c);
    if (!keys)
      return keys.err();
    result<run_record> r = runtime_failure("not run");
    {
      // The actor system goes before the keys: its actors' sealers and
      // openers report their counts as they are destroyed.
      actors::runtime rt{{static_cast<std::size_t>(c.integer("threads")), "stealing", {}, true}};
      auto timeout = std::chrono::milliseconds{std::llround(c.seconds("timeout") * 1000)};
      suite_run in{rt.system(), c, **keys, ctx, timeout};
      r = spec_.run(in);
    }
    if (r)
      add_seal_results(*r, (*keys)->totals(), (*keys)->on());
    return r;
  }

  by_name<fact> facts(const configuration& c) const override {
    auto found = ciphers_.find(cipher_key(c));
    if (found == ciphers_.end())
      return {};
    return {{"backend", std::string{found->second.first->name()}},
            {"cipher", found->second.second->name}};
  }

  double cost_hint(const configuration& c) const override {
    return spec_.cost_hint ? spec_.cost_hint(c) : 1;
  }

 private:
  result<std::shared_ptr<actors::seal_keys>> make_keys(const configuration& c) const {
    if (!crypto_on(c))
      return std::make_shared<actors::seal_keys>();
    auto found = ciphers_.find(cipher_key(c));
    if (found == ciphers_.end())
      return runtime_failure("no cipher resolved for '" + cipher_key(c) + "'");
    auto keys = actors::seal_keys::make(*found->second.first, *found->second.second,
                                        static_cast<std::size_t>(c.size("payload-bytes")));
    if (!keys)
      return runtime_failure(keys.err());
    return *keys;
  }

  const suite_spec& spec_;
  by_name<cipher_choice> ciphers_;
};

class suite_scenario : public scenario {
 public:
  explicit suite_scenario(suite_spec spec) : spec_(std::move(spec)) {
    declare_suite_params(spec_.declared, spec_.default_threads, spec_.default_threads_help);
    declare_suite_results(spec_.declared);
  }

  const declaration& declared() const override { return spec_.declared; }

  result<std::vector<configuration>> refine(std::vector<configuration> plan) const override {
    for (auto& c : plan)
      if (auto cipher = resolve_cipher(c); !cipher)
        return cipher.err();
    if (spec_.refine)
      return spec_.refine(std::move(plan));
    return plan;
  }

  node_part on_nodes() const override { return spec_.on_nodes; }

  std::optional<memory_estimate> memory(const configuration& c) const override {
    return spec_.memory ? spec_.memory(c) : std::nullopt;
  }

  result<std::unique_ptr<scenario_session>> start(std::vector<configuration>& plan) const override {
    by_name<cipher_choice> ciphers;
    for (auto& c : plan) {
      resolve_threads(c, spec_.default_threads);
      auto cipher = resolve_cipher(c);
      if (!cipher)
        return cipher.err();
      if (*cipher)
        ciphers.emplace(cipher_key(c), **cipher);
    }
    return std::unique_ptr<scenario_session>{
      std::make_unique<suite_session>(spec_, std::move(ciphers))};
  }

 private:
  suite_spec spec_;
};

} // namespace

void declare_suite_params(declaration& d, std::size_t default_threads,
                          const std::string& default_threads_help) {
  auto threads = d.integer("threads");
  threads.range(1, 1024).unit("threads").help("Scheduler threads");
  if (!default_threads_help.empty())
    threads.def_help(default_threads_help);
  else if (default_threads == 0)
    threads.def_help("one per core");
  else
    threads.def(std::to_string(default_threads));
  d.word("crypto", {"off", "on"})
    .def("off")
    .help(
      "on: every message carries a payload its sender seals (AEAD, counter nonce) and its "
      "receiver opens and verifies; off: plain messages");
  d.word("backend", backend_words())
    .def("openssl")
    .only_if("crypto", {"on"})
    .help("Crypto library with --crypto on (see --list)");
  d.word("cipher", aead_cipher_words())
    .word_aliases(cipher_alias_words(true))
    .def("aes-128-gcm")
    .only_if("crypto", {"on"})
    .help("AEAD cipher with --crypto on (see --list)");
  d.size("payload-bytes")
    .range(0, 1 << 20)
    .def("64")
    .only_if("crypto", {"on"})
    .help("Plaintext bytes sealed into every message with --crypto on");
  d.duration("timeout")
    .range(1'000'000'000, 3'600'000'000'000)
    .def("60")
    .unit("s")
    .fixed()
    .help("Seconds a run may take before it fails");
}

void declare_suite_results(declaration& d) {
  d.metric("elapsed_s", "s").help("From the first spawn until the last check of the result");
  d.metric("seal_s", "s")
    .help("With --crypto on: mean time to seal one message's payload (1 call in 64 timed)");
  d.metric("open_s", "s")
    .help(
      "With --crypto on: mean time to open and verify one message's payload (1 call in 64 timed)");
  d.metric("crypto_s", "s").help("With --crypto on: the crypto share per message, seal plus open");
  d.check("forged", "Payloads whose tag or plaintext did not verify");
  d.check("replayed", "Payloads whose counter was not above the last one from their sender");
}

std::unique_ptr<scenario> make_suite_scenario(suite_spec spec) {
  return std::make_unique<suite_scenario>(std::move(spec));
}

void add_seal_results(run_record& r, const actors::seal_totals& totals, bool crypto_on) {
  r.checks["forged"] = totals.forged;
  r.checks["replayed"] = totals.replayed;
  if (!crypto_on)
    return;
  r.add("seal_s", totals.seal_ns * 1e-9);
  r.add("open_s", totals.open_ns * 1e-9);
  r.add("crypto_s", (totals.seal_ns + totals.open_ns) * 1e-9);
  r.facts["seals"] = static_cast<double>(totals.seals);
  r.facts["opens"] = static_cast<double>(totals.opens);
}

} // namespace actorbench::bench
