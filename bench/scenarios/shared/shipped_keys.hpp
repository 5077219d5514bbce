#pragma once

#include <memory>
#include <string>

#include <caf/meta/type_name.hpp>

#include "actors/error.hpp"
#include "bench/scenarios/shared/sealed_message.hpp"
#include "crypto/bytes.hpp"

namespace actorbench::actors {

/// A run's seal_keys as they travel to a worker node: the node resolves the
/// names through its own registry and seals or opens under the same key
/// and plaintext as the driver.
struct shipped_keys {
  bool crypto = false;
  std::string backend;
  std::string cipher;
  crypto::bytes key;
  crypto::bytes plaintext;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, shipped_keys& x) {
  return f(caf::meta::type_name("actorbench.shipped_keys"), x.crypto, x.backend, x.cipher, x.key,
           x.plaintext);
}

/// What a node needs to make `keys` again.
shipped_keys ship(const seal_keys& keys);

/// On a worker node: the keys `shipped` describes. Errors: crypto_failure
/// (the node lacks the back-end or cipher, or a bad key).
result<std::shared_ptr<seal_keys>> unpack(const shipped_keys& shipped);

} // namespace actorbench::actors
