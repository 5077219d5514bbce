// Runs one small fan-out with crypto through the installed library and
// exits 0 only if every reply came back right.
#include <iostream>

#include "actors/fanout/fanout.hpp"
#include "actors/runtime/runtime.hpp"
#include "crypto/registry.hpp"

int main() {
  using namespace actorbench;
  const auto& reg = crypto::registry::instance();
  auto backend = reg.find("openssl");
  if (!backend)
    return 1;
  auto cipher = reg.find_cipher(**backend, "aes-128-ctr");
  if (!cipher)
    return 1;
  auto data = actors::make_payload(**backend, **cipher);
  if (!data)
    return 1;
  actors::runtime rt{{2, "stealing", {}}};
  actors::fanout_params params;
  params.procs = 1000;
  params.crypto = true;
  params.backend = *backend;
  params.cipher = *cipher;
  params.data = *data;
  auto sample = actors::run_fanout(rt.system(), params);
  if (!sample) {
    std::cerr << "consumer: " << sample.err().detail << '\n';
    return 1;
  }
  std::cout << "consumer: " << sample->report.replies << " replies, " << sample->report.mismatches()
            << " mismatches\n";
  return sample->report.replies == 1000 && sample->report.mismatches() == 0 ? 0 : 1;
}
