#include "bench/scenarios/cipher/cipher_pairs.hpp"

#include <algorithm>
#include <set>
#include <string>

#include "bench/scenarios/shared/cipher_choice.hpp"
#include "crypto/registry.hpp"

namespace actorbench::bench {

namespace {

using name_set = std::set<std::string>;

// The words of `param` the plan uses; all of them when it came from "all".
name_set used(const std::vector<configuration>& plan, const char* param) {
  name_set out;
  for (const auto& c : plan)
    out.insert(c.word(param));
  return out;
}

bool every_word(const name_set& used, const std::vector<std::string>& words) {
  return used.size() == name_set{words.begin(), words.end()}.size();
}

bool kept_with(const std::vector<configuration>& kept, const char* param, const std::string& v) {
  return std::any_of(kept.begin(), kept.end(),
                     [&](const configuration& c) { return c.word(param) == v; });
}

// Why no asked-for back-end runs `cipher`, worded as `actorbench cipher` did.
error cipher_refusal(const std::string& cipher, const name_set& backends) {
  const auto& reg = crypto::registry::instance();
  for (const auto& name : backends) {
    auto b = reg.find(name);
    if (!b || (backends.size() > 1 && (*b)->find_cipher(cipher) == nullptr))
      continue;
    auto c = reg.find_cipher(**b, cipher);
    if (!c)
      return bad_input(c.err(), "invalid --cipher '" + cipher + "'");
    if (!(*b)->is_available())
      return bad_input("invalid --cipher '" + cipher + "': back-end " + name + " is not available");
  }
  return bad_input("invalid --cipher '" + cipher + "': expected all or one of "
                   + every_backend_cipher());
}

} // namespace

cipher_pair find_pair(const configuration& c) {
  const auto& reg = crypto::registry::instance();
  auto b = reg.find(c.word("backend"));
  if (!b || !(*b)->is_available())
    return {};
  auto info = reg.find_cipher(**b, c.word("cipher"));
  if (!info)
    return {};
  return {*b, *info};
}

result<std::vector<configuration>> keep_available_pairs(std::vector<configuration> plan,
                                                        const std::vector<std::string>& backends,
                                                        const std::vector<std::string>& ciphers) {
  auto used_backends = used(plan, "backend");
  auto used_ciphers = used(plan, "cipher");
  std::vector<configuration> kept;
  for (auto& c : plan)
    if (find_pair(c).cipher != nullptr)
      kept.push_back(std::move(c));
  bool all_ciphers = every_word(used_ciphers, ciphers);
  if (!all_ciphers)
    for (const auto& name : used_ciphers)
      if (!kept_with(kept, "cipher", name))
        return cipher_refusal(name, used_backends);
  if (all_ciphers && !every_word(used_backends, backends))
    for (const auto& name : used_backends)
      if (!kept_with(kept, "backend", name))
        return bad_input("invalid --backend '" + name + "': none of its ciphers is available");
  if (kept.empty())
    return bad_input("no cipher cases to run");
  return kept;
}

} // namespace actorbench::bench
