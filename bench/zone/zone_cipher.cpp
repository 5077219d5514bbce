#include "bench/zone/zone_cipher.hpp"

#include "crypto/registry.hpp"

namespace actorbench::bench {

result<cipher_choice> resolve_zone_cipher(const configuration& c) {
  if (!c.applies("crypto") || c.word("crypto") == "off") {
    auto none = crypto::registry::instance().find("none");
    if (!none)
      return runtime_failure("the \"none\" back-end is missing from this build");
    return cipher_choice{*none, &(*none)->ciphers().front()};
  }
  const auto& name = c.word("cipher");
  auto choices = choose_ciphers("", name);
  if (!choices)
    return choices.err();
  if (choices->size() != 1 || !choices->front().second->aead)
    return bad_input("invalid --cipher '" + name
                     + "': expected one AEAD cipher (the tag is checked on every input), "
                       "e.g. aes-128-gcm, chacha20-poly1305, xchacha20-poly1305");
  return choices->front();
}

} // namespace actorbench::bench
