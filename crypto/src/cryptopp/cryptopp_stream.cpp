// The Crypto++ stream ciphers, AES-CTR and ChaCha20, with OpenSSL's IVs.
#include <cstring>

#include <cryptopp/aes.h>
#include <cryptopp/chacha.h>
#include <cryptopp/cryptlib.h>
#include <cryptopp/misc.h>
#include <cryptopp/modes.h>

#include "checks.hpp"
#include "cryptopp/cryptopp_cipher_ops.hpp"
#include "keyed_cipher_context.hpp"

namespace actorbench::crypto::detail {

namespace {

// CTR takes OpenSSL's 16-byte counter block as its IV (Crypto++ increments
// the whole block big-endian, as OpenSSL does).
struct ctr_run {
  template <class Cipher>
  static void run(Cipher& c, bytes_view iv, bytes_view in, std::uint8_t* out) {
    c.Resynchronize(iv.data, static_cast<int>(iv.size));
    if (in.size > 0)
      c.ProcessData(out, in.data, in.size);
  }
};

// OpenSSL's chacha20 IV is a 32-bit little-endian block counter followed by
// the 96-bit nonce: ChaChaTLS takes the nonce, then seeks to that block.
// ChaChaTLS's counter wraps at 2^32 while OpenSSL carries into the first
// nonce word, so a message crossing the wrap restarts there with that word
// incremented.
struct chacha_run {
  template <class Cipher>
  static void run(Cipher& c, bytes_view iv, bytes_view in, std::uint8_t* out) {
    const std::uint64_t block =
      CryptoPP::GetWord<CryptoPP::word32>(false, CryptoPP::LITTLE_ENDIAN_ORDER, iv.data);
    const std::uint64_t room = ((std::uint64_t{1} << 32) - block) * 64;
    const std::size_t first = in.size < room ? in.size : static_cast<std::size_t>(room);
    c.Resynchronize(iv.data + 4, static_cast<int>(iv.size - 4));
    if (block != 0)
      c.Seek(block * 64);
    if (first > 0)
      c.ProcessData(out, in.data, first);
    if (first == in.size)
      return;
    std::uint8_t carried[12];
    std::memcpy(carried, iv.data + 4, sizeof carried);
    const CryptoPP::word32 word =
      CryptoPP::GetWord<CryptoPP::word32>(false, CryptoPP::LITTLE_ENDIAN_ORDER, carried);
    CryptoPP::PutWord<CryptoPP::word32>(false, CryptoPP::LITTLE_ENDIAN_ORDER, carried, word + 1);
    c.Resynchronize(carried, sizeof carried);
    c.ProcessData(out + first, in.data + first, in.size - first);
  }
};

template <class Cipher, class Start>
class stream_context final : public keyed_stream_context {
 public:
  stream_context(const cipher_info& info, bytes_view key)
    : keyed_stream_context(info), key_(key.data, key.size) {
    const std::uint8_t zero_iv[16] = {};
    cipher_.SetKeyWithIV(key_.data(), key_.size(), zero_iv, cipher_.IVSize());
  }

  std::unique_ptr<cipher_context> clone() const override try {
    return std::make_unique<stream_context>(info_, bytes_view{key_.data(), key_.size()});
  } catch (const std::exception&) {
    return nullptr;
  }

 private:
  result<std::size_t> apply(bytes_view nonce, bytes_view in, std::uint8_t* out) override try {
    if (auto err = check_nonce(info_, nonce))
      return *err;
    Start::run(cipher_, nonce, in, out);
    return in.size;
  } catch (const std::exception& e) {
    return cryptopp_failure(info_, e);
  }

  cryptopp_key_copy key_;
  Cipher cipher_;
};

// A stream cipher runs the same either way.
template <class Cipher, class Start>
result<std::size_t> stream_once(direction, const cipher_info&, bytes_view key, bytes_view nonce,
                                bytes_view in, std::uint8_t* out) {
  Cipher c;
  const std::uint8_t zero_iv[16] = {};
  c.SetKeyWithIV(key.data, key.size, zero_iv, c.IVSize());
  Start::run(c, nonce, in, out);
  return in.size;
}

template <class Cipher, class Start>
cryptopp_cipher_ops stream_ops() {
  return {[](const cipher_info& i, bytes_view k) -> std::unique_ptr<cipher_context> {
            return std::make_unique<stream_context<Cipher, Start>>(i, k);
          },
          stream_once<Cipher, Start>};
}

} // namespace

cryptopp_cipher_ops cryptopp_aes_ctr() {
  return stream_ops<CryptoPP::CTR_Mode<CryptoPP::AES>::Encryption, ctr_run>();
}

cryptopp_cipher_ops cryptopp_chacha20() {
  return stream_ops<CryptoPP::ChaChaTLS::Encryption, chacha_run>();
}

} // namespace actorbench::crypto::detail
