#include "bench/scenarios/shared/cipher_choice.hpp"

#include <algorithm>
#include <utility>

#include "bench/harness/value_list.hpp"
#include "crypto/registry.hpp"

namespace actorbench::bench {

std::string every_backend_cipher() {
  std::string all;
  for (const auto* b : crypto::registry::instance().backends())
    for (const auto& c : b->ciphers())
      all += (all.empty() ? "" : ", ") + std::string{b->name()} + "/" + c.name;
  return all;
}

std::vector<std::string> backend_words() {
  std::vector<std::string> out;
  for (const auto* b : crypto::registry::instance().backends())
    out.emplace_back(b->name());
  return out;
}

namespace {

// Each registered cipher's name (or each old name back-ends still accept
// for one), once, in registry order.
std::vector<std::string> collect_names(bool aead_only, bool aliases) {
  std::vector<std::string> out;
  auto add = [&out](const std::string& name) {
    if (std::find(out.begin(), out.end(), name) == out.end())
      out.push_back(name);
  };
  for (const auto* b : crypto::registry::instance().backends()) {
    if (!aliases) {
      for (const auto& c : b->ciphers())
        if (!aead_only || c.aead)
          add(c.name);
      continue;
    }
    for (const auto& a : b->cipher_aliases()) {
      const auto* c = b->find_cipher(a.name);
      if (c != nullptr && (!aead_only || c->aead))
        add(a.old_name);
    }
  }
  return out;
}

} // namespace

std::vector<std::string> cipher_words() {
  return collect_names(false, false);
}

std::vector<std::string> aead_cipher_words() {
  return collect_names(true, false);
}

std::vector<std::string> cipher_alias_words(bool aead_only) {
  return collect_names(aead_only, true);
}

namespace {

using backend_list = std::vector<const crypto::backend*>;

// The back-ends --backend names: with "all" every available one; none when
// the text is empty.
result<backend_list> chosen_backends(const std::string& backend_text) {
  const auto& reg = crypto::registry::instance();
  backend_list backends;
  if (backend_text == "all") {
    for (const auto* b : reg.backends())
      if (b->is_available())
        backends.push_back(b);
  } else if (!backend_text.empty()) {
    auto names = parse_word_list("--backend", backend_text);
    if (!names)
      return names.err();
    for (const auto& name : *names) {
      auto b = reg.find(name);
      if (!b)
        return bad_input("invalid --backend '" + name + "': expected all or one of " + reg.names());
      backends.push_back(*b);
    }
  }
  return backends;
}

// Each back-end's default cipher; OpenSSL's when none was named.
result<std::vector<cipher_choice>> default_ciphers(backend_list backends) {
  const auto& reg = crypto::registry::instance();
  if (backends.empty())
    backends.push_back(*reg.find("openssl"));
  std::vector<cipher_choice> out;
  for (const auto* b : backends) {
    auto c = reg.find_cipher(*b, "");
    if (!c)
      return bad_input(c.err(), "invalid --backend '" + std::string{b->name()} + "'");
    out.emplace_back(b, *c);
  }
  return out;
}

// The ciphers --cipher names, from each back-end named or, none named, from
// the first back-end that offers it.
result<std::vector<cipher_choice>> named_ciphers(const backend_list& backends,
                                                 const std::string& cipher_text) {
  const auto& reg = crypto::registry::instance();
  auto names = parse_word_list("--cipher", cipher_text);
  if (!names)
    return names.err();
  std::vector<cipher_choice> out;
  for (const auto& name : *names) {
    bool found = false;
    for (const auto* b : backends.empty() ? reg.backends() : backends) {
      if (b->find_cipher(name) == nullptr)
        continue;
      auto c = reg.find_cipher(*b, name);
      if (!c)
        return bad_input(c.err(), "invalid --cipher '" + name + "'");
      out.emplace_back(b, *c);
      found = true;
      if (backends.empty())
        break; // the first back-end offering it
    }
    if (!found && backends.size() == 1)
      return bad_input(reg.find_cipher(*backends.front(), name).err(),
                       "invalid --cipher '" + name + "'");
    if (!found)
      return bad_input("invalid --cipher '" + name + "': expected all or one of "
                       + every_backend_cipher());
  }
  return out;
}

} // namespace

result<std::vector<cipher_choice>> choose_ciphers(const std::string& backend_text,
                                                  const std::string& cipher_text) {
  auto backends = chosen_backends(backend_text);
  if (!backends)
    return backends.err();
  if (cipher_text.empty())
    return default_ciphers(std::move(*backends));
  if (cipher_text != "all")
    return named_ciphers(*backends, cipher_text);
  if (backends->empty())
    backends = crypto::registry::instance().backends();
  std::vector<cipher_choice> out;
  for (const auto* b : *backends)
    for (const auto& c : b->ciphers())
      if (c.available)
        out.emplace_back(b, &c);
  return out;
}

} // namespace actorbench::bench
