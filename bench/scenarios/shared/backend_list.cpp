#include "bench/scenarios/shared/backend_list.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

#include "bench/output/text_wrap.hpp"
#include "crypto/key_generator.hpp"
#include "crypto/registry.hpp"

namespace actorbench::bench {

namespace {

// The widest --list line.
constexpr std::size_t list_width = 100;

struct keygen_probe {
  crypto::key_algorithm algo;
  std::size_t bits;
  const char* label;
};

// One request per kind --list shows; making a generator only sets it up.
constexpr keygen_probe probes[] = {
  {crypto::key_algorithm::rsa, 2048, "rsa"},    {crypto::key_algorithm::dh, 2048, "dh"},
  {crypto::key_algorithm::ec, 256, "ec-256"},   {crypto::key_algorithm::ec, 384, "ec-384"},
  {crypto::key_algorithm::x25519, 0, "x25519"}, {crypto::key_algorithm::ed25519, 0, "ed25519"},
};

// `row` as is when it fits, else broken at spaces with `indent` on the
// continuation lines (wrap_text also squeezes the columns' runs of spaces).
void write_row(const std::string& row, std::size_t indent, std::ostream& out) {
  if (code_points(row) <= list_width) {
    out << row << '\n';
    return;
  }
  for (const auto& l : wrap_text(row, list_width, std::string(indent, ' ')))
    out << l << '\n';
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words)
    out += (out.empty() ? "" : ", ") + w;
  return out.empty() ? std::string{"-"} : out;
}

void write_cipher_rows(std::ostream& out) {
  out << "back-end  cipher                    key  nonce  tag  available\n";
  for (const auto* b : crypto::registry::instance().backends()) {
    for (const auto& c : b->ciphers()) {
      char line[160];
      std::snprintf(line, sizeof(line), "%-9s %-25s %3zu  %5zu  %3zu  ", b->name().data(),
                    c.name.c_str(), c.key_size, c.nonce_size, c.overhead);
      bool usable = c.available && b->is_available();
      auto why =
        !b->is_available() ? std::string{"the back-end did not initialise"} : c.unavailable_reason;
      std::string row = std::string{line} + (usable ? "yes" : "no: " + why);
      write_row(row, 55, out);
    }
  }
}

void write_backend_rows(std::ostream& out) {
  out << "\nback-end  version                             key generation\n";
  for (const auto* b : crypto::registry::instance().backends()) {
    char line[160];
    std::snprintf(line, sizeof(line), "%-9s %-35s ", b->name().data(), b->version().c_str());
    std::string row = std::string{line} + joined(keygen_offers(*b));
    write_row(row, 46, out);
  }
}

} // namespace

std::vector<std::string> keygen_offers(const crypto::backend& backend) {
  std::vector<std::string> out;
  if (!backend.is_available())
    return out;
  for (const auto& p : probes) {
    crypto::keygen_request request{p.algo, p.bits, std::string{backend.name()}};
    if (crypto::make_key_generator(request))
      out.emplace_back(p.label);
  }
  return out;
}

std::string describe_backends_text() {
  std::ostringstream out;
  write_cipher_rows(out);
  write_backend_rows(out);
  out << "(defaults: back-end openssl, cipher its first; --cipher alone picks the back-end "
         "that offers it;\n --backend all: every back-end that offers the cipher or key)\n";
  return out.str();
}

std::string describe_backends_json() {
  auto backends = nlohmann::ordered_json::array();
  for (const auto* b : crypto::registry::instance().backends()) {
    auto ciphers = nlohmann::ordered_json::array();
    for (const auto& c : b->ciphers())
      ciphers.push_back({{"name", c.name},
                         {"key_bytes", c.key_size},
                         {"nonce_bytes", c.nonce_size},
                         {"tag_bytes", c.overhead},
                         {"aead", c.aead},
                         {"available", c.available && b->is_available()},
                         {"unavailable_reason", c.unavailable_reason}});
    backends.push_back({{"name", std::string{b->name()}},
                        {"version", b->version()},
                        {"available", b->is_available()},
                        {"ciphers", ciphers},
                        {"key_generation", keygen_offers(*b)}});
  }
  return nlohmann::ordered_json{{"backends", backends}}.dump(2) + "\n";
}

} // namespace actorbench::bench
