#include "bench/scenarios/zone/zone_cipher.hpp"

#include <set>

#include "crypto/registry.hpp"

namespace actorbench::bench {

namespace {

bool crypto_on(const configuration& c) {
  return c.applies("crypto") && c.word("crypto") == "on";
}

std::string backend_of(const configuration& c) {
  auto at = c.values.find("backend");
  const auto* s = at == c.values.end() ? nullptr : std::get_if<std::string>(&at->second);
  return s == nullptr ? std::string{} : *s;
}

// Whether the configuration's back-end offers its cipher, available.
bool offered(const configuration& c) {
  auto b = crypto::registry::instance().find(backend_of(c));
  if (!b || !(*b)->is_available())
    return false;
  const auto* info = (*b)->find_cipher(c.word("cipher"));
  return info != nullptr && info->available && info->aead;
}

// "openssl/aes-128-gcm, sodium/aes-256-gcm, ...": the available AEAD pairs.
std::string aead_pairs() {
  std::string out;
  for (const auto* b : crypto::registry::instance().backends())
    for (const auto& c : b->ciphers())
      if (b->is_available() && c.available && c.aead)
        out += (out.empty() ? "" : ", ") + std::string{b->name()} + "/" + c.name;
  return out;
}

// Whether the crypto-on configurations use every back-end: --backend all.
bool every_backend(const std::vector<configuration>& plan) {
  std::set<std::string> used;
  for (const auto& c : plan)
    if (crypto_on(c))
      used.insert(backend_of(c));
  return used.size() == backend_words().size();
}

} // namespace

result<cipher_choice> resolve_zone_cipher(const configuration& c) {
  if (!crypto_on(c)) {
    auto none = crypto::registry::instance().find("none");
    if (!none)
      return runtime_failure("the \"none\" back-end is missing from this build");
    return cipher_choice{*none, &(*none)->ciphers().front()};
  }
  const auto& name = c.word("cipher");
  auto choices = choose_ciphers(backend_of(c), name);
  if (!choices)
    return choices.err();
  if (choices->size() != 1 || !choices->front().second->aead)
    return bad_input("invalid --cipher '" + name
                     + "': expected one AEAD cipher (the tag is checked on every input), "
                       "e.g. aes-128-gcm, chacha20-poly1305, xchacha20-poly1305");
  return choices->front();
}

result<std::vector<configuration>> keep_zone_ciphers(std::vector<configuration> plan) {
  bool all = every_backend(plan);
  std::vector<configuration> kept;
  std::set<std::string> asked, served;
  for (auto& c : plan) {
    if (all && crypto_on(c)) {
      asked.insert(c.word("cipher"));
      if (!offered(c))
        continue;
      served.insert(c.word("cipher"));
    }
    if (auto ok = resolve_zone_cipher(c); !ok)
      return ok.err();
    kept.push_back(std::move(c));
  }
  for (const auto& name : asked)
    if (served.count(name) == 0)
      return bad_input("invalid --cipher '" + name
                       + "' with --backend all: no available back-end offers it as an AEAD "
                         "cipher (expected one of "
                       + aead_pairs() + ")");
  return kept;
}

} // namespace actorbench::bench
