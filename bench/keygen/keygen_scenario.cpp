#include "bench/keygen/keygen_scenario.hpp"

#include <utility>

#include "actors/keygen/keygen_pool.hpp"
#include "bench/keygen/keygen_estimate.hpp"
#include "bench/keygen/keygen_session.hpp"
#include "bench/keygen/seed002_view.hpp"
#include "bench/output/output_path.hpp"
#include "crypto/key_generator.hpp"

namespace actorbench::bench {

namespace {

declaration keygen_declaration() {
  declaration d{"keygen",
                "Key generation scaling across worker actors (the RSA/DH experiment of seed "
                "002): seconds per key and thread-seconds per key by threads x size"};
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
    .help("openssl, sodium (x25519 and ed25519), or another library this build has");
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

class keygen_scenario : public scenario {
 public:
  keygen_scenario() : declared_(keygen_declaration()) {}

  const declaration& declared() const override { return declared_; }

  result<std::vector<configuration>> refine(std::vector<configuration> plan) const override {
    for (const auto& c : plan) {
      auto request = request_of(c);
      // Making a generator now turns a bad request into bad input before any run.
      auto generator = crypto::make_key_generator(request);
      if (!generator)
        return bad_input("invalid keygen request " + crypto::describe(request) + ": "
                         + generator.err().detail);
    }
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

  std::vector<const view*> views() const override { return {&seed002_view::instance()}; }

 private:
  declaration declared_;
};

} // namespace

std::unique_ptr<scenario> make_keygen_scenario() {
  return std::make_unique<keygen_scenario>();
}

} // namespace actorbench::bench
