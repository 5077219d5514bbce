#include "handshake_keys.hpp"

namespace game {

parsed<handshake_keys> make_handshake_keys() {
  using namespace actorbench;
  auto ka = crypto::find_key_agreement("openssl");
  if (!ka)
    return "no key agreement: " + ka.err().detail;
  auto id = actors::server_identity::generate(**ka);
  if (!id)
    return "no static key pair: " + id.err().detail;
  return handshake_keys{*ka, std::move(*id)};
}

} // namespace game
