#include "bench/scenarios/fanout/fanout_refine.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "bench/scenarios/shared/cipher_choice.hpp"
#include "bench/scenarios/shared/fanout_settings.hpp"

namespace actorbench::bench {

namespace {

bool crypto_on(const configuration& c) {
  return c.word("crypto") == "on";
}

// The fixed options are the same in every configuration: checked once.
result<void> check_fixed(const std::vector<configuration>& plan) {
  const auto& first = plan.front();
  if (auto cpus = pinned_cpus(first); !cpus)
    return cpus.err();
  auto nodes = checked_nodes(first, "worker nodes");
  if (!nodes)
    return nodes.err();
  if (!nodes->empty()) {
    auto smallest = first.integer("procs");
    for (const auto& c : plan)
      smallest = std::min(smallest, c.integer("procs"));
    if (static_cast<std::size_t>(smallest) <= nodes->size())
      return bad_input("invalid --procs '" + std::to_string(smallest) + "': with "
                       + std::to_string(nodes->size()) + " worker nodes a run needs at least "
                       + std::to_string(nodes->size() + 1) + " senders (one per node)");
  }
  return {};
}

// Distinct values of `name` among the crypto-on configurations.
std::vector<std::string> crypto_on_values(const std::vector<configuration>& plan,
                                          const std::string& name) {
  std::vector<std::string> out;
  for (const auto& c : plan) {
    auto v = c.text_or(name);
    if (crypto_on(c) && !v.empty() && std::find(out.begin(), out.end(), v) == out.end())
      out.push_back(v);
  }
  return out;
}

// A cipher asked for that no kept configuration has is refused with the
// first reason a pair of it failed for.
result<void> check_ciphers_kept(const std::vector<std::string>& ciphers,
                                const std::vector<configuration>& kept,
                                const by_name<error>& why_dropped) {
  for (const auto& name : ciphers) {
    bool found = std::any_of(kept.begin(), kept.end(), [&](const configuration& c) {
      return crypto_on(c) && c.word("cipher") == name;
    });
    auto why = why_dropped.find(name);
    if (!found && why != why_dropped.end())
      return why->second;
  }
  return {};
}

} // namespace

result<std::vector<configuration>> refine_fanout_plan(const declaration& d,
                                                      std::vector<configuration> plan) {
  if (plan.empty())
    return plan;
  if (auto ok = check_fixed(plan); !ok)
    return ok.err();
  auto ciphers = crypto_on_values(plan, "cipher");
  bool every_cipher = ciphers.size() == d.param("cipher")->words.size();
  std::vector<configuration> kept;
  by_name<error> why_dropped;
  for (auto& c : plan) {
    if (!crypto_on(c)) {
      kept.push_back(std::move(c));
      continue;
    }
    auto cipher = c.text_or("cipher");
    auto backend = c.text_or("backend");
    // --cipher all alone means every available pair, as --list shows them:
    // a cipher two back-ends offer (aes-256-gcm) is compared on both.
    bool every_pair = every_cipher && backend.empty();
    auto pair = choose_ciphers(every_pair ? "all" : backend, cipher);
    if (!pair) {
      if (cipher.empty())
        return pair.err(); // a back-end without a usable default cipher
      why_dropped.emplace(cipher, pair.err());
      continue;
    }
    for (std::size_t i = 0; i < (every_pair ? pair->size() : 1); ++i) {
      auto chosen = c;
      chosen.values["backend"] = std::string{(*pair)[i].first->name()};
      chosen.values["cipher"] = (*pair)[i].second->name;
      kept.push_back(std::move(chosen));
    }
  }
  if (!every_cipher)
    if (auto ok = check_ciphers_kept(ciphers, kept, why_dropped); !ok)
      return ok.err();
  if (kept.empty())
    return bad_input("invalid --cipher: no back-end offers the ciphers asked for (see --list)");
  return kept;
}

} // namespace actorbench::bench
