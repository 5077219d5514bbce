#include "crypto/key_generator.hpp"

#include <utility>
#include <vector>

#include "key_state.hpp"
#include "library.hpp"

namespace actorbench::crypto {

generated_key::generated_key() noexcept = default;
generated_key::generated_key(std::unique_ptr<state> s) noexcept : state_(std::move(s)) {}
generated_key::generated_key(generated_key&&) noexcept = default;
generated_key& generated_key::operator=(generated_key&&) noexcept = default;
generated_key::~generated_key() = default;

// -- names -------------------------------------------------------------------

std::string_view to_string(key_algorithm algo) noexcept {
  switch (algo) {
    case key_algorithm::rsa:
      return "rsa";
    case key_algorithm::dh:
      return "dh";
    case key_algorithm::ec:
      return "ec";
    case key_algorithm::x25519:
      return "x25519";
    case key_algorithm::ed25519:
      return "ed25519";
  }
  return "unknown";
}

std::optional<key_algorithm> parse_key_algorithm(std::string_view name) noexcept {
  for (auto a : {key_algorithm::rsa, key_algorithm::dh, key_algorithm::ec, key_algorithm::x25519,
                 key_algorithm::ed25519})
    if (name == to_string(a))
      return a;
  return std::nullopt;
}

bool has_key_size(key_algorithm algo) noexcept {
  return algo == key_algorithm::rsa || algo == key_algorithm::dh || algo == key_algorithm::ec;
}

std::string describe(const keygen_request& request) {
  std::string s{to_string(request.algo)};
  if (has_key_size(request.algo))
    s += "-" + std::to_string(request.bits);
  return s + " (" + request.backend + ")";
}

namespace {

std::optional<error> check_size(const keygen_request& r) {
  auto outside = [&r](const char* what, std::size_t lo, std::size_t hi, const char* why) {
    return make_error(errc::bad_key_length, std::string{what} + " size " + std::to_string(r.bits)
                                              + " bits outside " + std::to_string(lo) + ".."
                                              + std::to_string(hi) + why);
  };
  switch (r.algo) {
    case key_algorithm::rsa:
      if (r.bits < 512 || r.bits > 16384)
        return outside("RSA modulus", 512, 16384, "");
      break;
    case key_algorithm::dh:
      if (r.bits < 512 || r.bits > 8192)
        return outside("DH prime", 512, 8192,
                       r.bits < 512 ? " (OpenSSL 3 refuses DH moduli under 512 bits)" : "");
      break;
    case key_algorithm::ec:
      if (r.bits != 256 && r.bits != 384)
        return make_error(errc::bad_key_length, "EC curve size " + std::to_string(r.bits)
                                                  + " bits: only 256 (P-256) or 384 (P-384)");
      break;
    case key_algorithm::x25519:
    case key_algorithm::ed25519:
      break;
  }
  return std::nullopt;
}

} // namespace

std::vector<std::string> key_generation_backends() {
  std::vector<std::string> names;
  for (const auto& library : detail::compiled_libraries())
    if (library.make_key_generator != nullptr)
      names.emplace_back(library.name);
  return names;
}

// A library's factory refuses algorithms it does not offer
// (errc::unknown_cipher) and sizes it cannot make (errc::bad_key_length); the
// sizes no library makes are refused before one is asked (check_size).
result<std::unique_ptr<key_generator>> make_key_generator(const keygen_request& request) {
  for (const auto& library : detail::compiled_libraries()) {
    if (library.make_key_generator == nullptr || library.name != request.backend)
      continue;
    if (auto err = check_size(request))
      return *err;
    return library.make_key_generator(request);
  }
  return make_error(errc::unknown_backend,
                    "no key generation back-end '" + request.backend + "' (known: "
                      + detail::library_names_with(&detail::library_entry::make_key_generator)
                      + ")");
}

} // namespace actorbench::crypto
