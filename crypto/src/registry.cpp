#include "crypto/registry.hpp"

#include "checks.hpp"
#include "library.hpp"

namespace actorbench::crypto {

const registry& registry::instance() {
  // A function-local static is initialised thread-safely on first use and
  // keeps library initialisation (sodium_init, EVP fetches) out of static
  // initialisation order problems.
  static const registry the_registry;
  return the_registry;
}

registry::registry() {
  for (const auto& library : detail::compiled_libraries())
    if (library.make_backend != nullptr)
      owned_.push_back(library.make_backend());
  for (const auto& b : owned_)
    list_.push_back(b.get());
}

result<const backend*> registry::find(std::string_view name) const {
  for (const backend* b : list_)
    if (b->name() == name)
      return b;
  return make_error(errc::unknown_backend,
                    "unknown back-end '" + std::string{name} + "'; valid: " + names());
}

result<const cipher_info*> registry::find_cipher(const backend& b, std::string_view cipher) const {
  if (b.ciphers().empty())
    return detail::unknown_cipher(b, cipher);
  const cipher_info* info = cipher.empty() ? &b.ciphers().front() : b.find_cipher(cipher);
  if (info == nullptr)
    return detail::unknown_cipher(b, cipher);
  if (!info->available)
    return detail::cipher_unavailable(b, *info);
  return info;
}

std::string registry::names() const {
  std::string out;
  for (const backend* b : list_) {
    if (!out.empty())
      out += ", ";
    out += b->name();
  }
  return out;
}

result<std::pair<const backend*, const cipher_info*>> registry::find_pair(
  std::string_view backend_name, std::string_view cipher) const {
  auto b = find(backend_name);
  if (!b)
    return b.err();
  auto c = find_cipher(**b, cipher);
  if (!c)
    return c.err();
  return std::pair<const backend*, const cipher_info*>{*b, *c};
}

} // namespace actorbench::crypto
