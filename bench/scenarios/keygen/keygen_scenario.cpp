#include "bench/scenarios/keygen/keygen_scenario.hpp"

#include <algorithm>
#include <set>
#include <utility>

#include "bench/scenarios/keygen/keygen_pool.hpp"
#include "bench/scenarios/shared/backend_list.hpp"
#include "bench/scenarios/keygen/keygen_estimate.hpp"
#include "bench/scenarios/keygen/keygen_session.hpp"
#include "bench/scenarios/keygen/keygen_table_view.hpp"
#include "bench/output/output_path.hpp"
#include "crypto/key_generator.hpp"
#include "crypto/registry.hpp"

namespace actorbench::bench {

namespace {

declaration keygen_declaration() {
  declaration d{"keygen",
                "Key generation scaling across worker actors (the RSA/DH experiment): "
                "seconds per key and thread-seconds per key by threads x size"};
  d.word("algo", {"rsa", "dh", "ec", "x25519", "ed25519"})
    .def("rsa")
    .help("rsa, dh, ec, x25519 or ed25519");
  d.integer("bits")
    .range(1, 65536)
    .def("2048")
    .unit("bits")
    .only_if("algo", {"rsa", "dh", "ec"})
    .help("Key sizes: RSA modulus, DH prime, EC curve (256, 384); a list or range");
  d.word("backend", crypto::key_generation_backends())
    .def("openssl")
    .help(
      "Back-end(s) generating the keys: a list, or all (every back-end that generates the "
      "algorithm at that size; the others are left out; see --list)");
  d.integer("threads").range(1, 1024).def("1,2").unit("threads").help(
    "Worker actors, each on its own thread; a list or range");
  d.integer("keys")
    .range(1, 1'000'000)
    .def("20")
    .unit("keys")
    .fixed()
    .help("Keys generated per cell");
  d.text("dump-keys")
    .writes_file()
    .unit("file")
    .help(
      "Write every generated private key (PEM) to FILE, mode 0600; otherwise keys are never "
      "written or printed");
  d.metric("wall_s_per_key", "s").headline().help("Wall time of the cell over its keys");
  d.metric("thread_s_per_key", "s").help("Wall time x threads over keys (thread-seconds)");
  d.metric("key_s", "s").per_event(reduction::median).help("Each key's own generation time");
  d.metric("cell_wall_s", "s").help("From handing out the first key to the end of the last");
  d.check("validation_failures", "Generated keys that failed their check after the cell");
  d.defaults.runs = 1;
  d.defaults.warmup = 0;
  return d;
}

bool dumps_keys(const configuration& c) {
  return c.applies("dump-keys") && !c.text("dump-keys").empty();
}

// Whether the plan uses every back-end: --backend all.
bool every_backend(const std::vector<configuration>& plan) {
  std::set<std::string> used;
  for (const auto& c : plan)
    used.insert(c.word("backend"));
  return used.size() == crypto::key_generation_backends().size();
}

// "openssl: rsa, dh, ...; sodium: x25519, ed25519", for the refusal of --backend all.
std::string who_generates_what() {
  std::string out;
  for (const auto* b : crypto::registry::instance().backends()) {
    auto offers = keygen_offers(*b);
    std::string list;
    for (const auto& o : offers)
      list += (list.empty() ? "" : ", ") + o;
    if (!offers.empty())
      out += (out.empty() ? "" : "; ") + std::string{b->name()} + ": " + list;
  }
  return out;
}

// Every configuration's request, checked by making its generator. With
// --backend all, a back-end without the algorithm is left out; a request no
// back-end takes is refused.
result<std::vector<configuration>> keep_generating(std::vector<configuration> plan) {
  bool all = every_backend(plan);
  std::vector<configuration> kept;
  std::set<std::string> asked, served;
  for (auto& c : plan) {
    auto request = request_of(c);
    auto what = std::string{crypto::to_string(request.algo)}
                + (crypto::has_key_size(request.algo) ? "-" + std::to_string(request.bits) : "");
    asked.insert(what);
    auto generator = crypto::make_key_generator(request);
    if (generator) {
      served.insert(what);
      kept.push_back(std::move(c));
      continue;
    }
    auto code = generator.err().code;
    bool not_offered =
      code == crypto::errc::unknown_backend || code == crypto::errc::unknown_cipher;
    if (!all || !not_offered)
      return bad_input(generator.err(), "invalid keygen request " + crypto::describe(request));
  }
  for (const auto& what : asked)
    if (served.count(what) == 0)
      return bad_input("invalid keygen request " + what + " with --backend all: no back-end "
                       "generates it (" + who_generates_what() + ")");
  return kept;
}

class keygen_scenario : public scenario {
 public:
  keygen_scenario() : declared_(keygen_declaration()) {}

  const declaration& declared() const override { return declared_; }

  result<std::vector<configuration>> refine(std::vector<configuration> plan) const override {
    // Making the generators now turns a bad request into bad input before any run.
    auto kept = keep_generating(std::move(plan));
    if (!kept)
      return kept.err();
    plan = std::move(*kept);
    if (!plan.empty() && dumps_keys(plan.front()))
      if (auto ok = check_output_path("--dump-keys", plan.front().text("dump-keys")); !ok)
        return ok.err();
    return plan;
  }

  std::optional<memory_estimate> memory(const configuration& c) const override {
    auto keys = static_cast<std::uint64_t>(c.integer("keys"));
    return memory_estimate{"keys", keys, "keys", "key",
                           actors::keygen_bytes_per_key(request_of(c), dumps_keys(c))};
  }

  result<std::unique_ptr<scenario_session>> start(std::vector<configuration>& plan) const override {
    return keygen_session::make(plan);
  }

  std::vector<const view*> views() const override { return {&keygen_table_view::instance()}; }

 private:
  declaration declared_;
};

} // namespace

std::unique_ptr<scenario> make_keygen_scenario() {
  return std::make_unique<keygen_scenario>();
}

} // namespace actorbench::bench
