#include "session_pool/epoch_key.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include "crypto/key_agreement.hpp"

namespace actorbench::actors {

void rekey_nonce(std::uint8_t* out, std::size_t size) noexcept {
  std::fill(out, out + size, std::uint8_t{0});
  std::fill(out + 4, out + 12, std::uint8_t{0xff});
}

result<crypto::bytes> noise_rekey(crypto::cipher_context& keyed) {
  const crypto::cipher_info& info = keyed.info();
  std::array<std::uint8_t, 32> nonce{};
  if (info.nonce_size < 12 || info.nonce_size > nonce.size())
    return error{errc::bad_parameter,
                 "rekey under " + info.name + " (valid: a 12- to 32-byte nonce)"};
  rekey_nonce(nonce.data(), info.nonce_size);
  const std::array<std::uint8_t, epoch_key_size> zeros{};
  crypto::bytes sealed(epoch_key_size + info.overhead);
  auto n =
    keyed.encrypt({nonce.data(), info.nonce_size}, {zeros.data(), zeros.size()}, sealed.data());
  if (!n || *n < epoch_key_size) {
    crypto::wipe(sealed);
    return error{errc::crypto_failure, n ? "rekey: a short encryption" : n.err().detail};
  }
  crypto::bytes key(sealed.begin(), sealed.begin() + epoch_key_size);
  crypto::wipe(sealed);
  return key;
}

result<std::unique_ptr<crypto::cipher_context>> keyed_epoch(const crypto::backend& backend,
                                                            const crypto::cipher_info& aead,
                                                            crypto::bytes& key) {
  // A view of the first key_size bytes, not a shrunk vector: shrinking would
  // leave the rest of the key in the vector's storage, where no wipe sees it.
  auto ctx = backend.make_context(aead.name, {key.data(), std::min(key.size(), aead.key_size)});
  crypto::wipe(key);
  if (!ctx)
    return error{errc::crypto_failure, ctx.err().detail};
  return std::move(*ctx);
}

} // namespace actorbench::actors
