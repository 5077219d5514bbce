#include "bench/scenarios/shared/shipped_keys.hpp"

#include "crypto/registry.hpp"

namespace actorbench::actors {

shipped_keys ship(const seal_keys& keys) {
  shipped_keys out;
  out.crypto = keys.on();
  if (keys.on()) {
    out.backend = std::string{keys.backend()->name()};
    out.cipher = keys.cipher()->name;
    out.key = keys.key();
    out.plaintext = keys.plaintext();
  }
  return out;
}

result<std::shared_ptr<seal_keys>> unpack(const shipped_keys& shipped) {
  if (!shipped.crypto)
    return std::make_shared<seal_keys>();
  auto found = crypto::registry::instance().find_pair(shipped.backend, shipped.cipher);
  if (!found)
    return error{errc::crypto_failure, found.err().detail};
  return seal_keys::make(*found->first, *found->second, shipped.key, shipped.plaintext);
}

} // namespace actorbench::actors
