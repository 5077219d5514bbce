// The Crypto++ AEADs: AES-GCM with Crypto++'s own mode, and
// (X)ChaCha20-Poly1305 composed from its stream cipher and Poly1305.
#include <cryptopp/aes.h>
#include <cryptopp/algparam.h>
#include <cryptopp/argnames.h>
#include <cryptopp/chacha.h>
#include <cryptopp/chachapoly.h>
#include <cryptopp/cryptlib.h>
#include <cryptopp/gcm.h>
#include <cryptopp/misc.h>
#include <cryptopp/poly1305.h>

#include "checks.hpp"
#include "cryptopp/cryptopp_cipher_ops.hpp"

namespace actorbench::crypto::detail {

namespace {

// With PCLMUL (checked at run time) Crypto++'s GCM multiplies with CLMUL
// whatever the table option, and the 2K option then keys and clones with
// far less table to build; without it the 2K tables are the portable path.
template <class Cipher>
using gcm = CryptoPP::GCM<Cipher, CryptoPP::GCM_2K_Tables>;

error tag_mismatch(const cipher_info& info) {
  return make_error(errc::authentication_failed,
                    info.name + ": tag did not verify (message altered or wrong key)");
}

// Seals `in` with a keyed Crypto++ AEAD encryptor, tag appended.
template <class Enc>
std::size_t seal(Enc& enc, bytes_view nonce, bytes_view in, std::uint8_t* out) {
  enc.EncryptAndAuthenticate(out, out + in.size, cryptopp_tag_size, nonce.data,
                             static_cast<int>(nonce.size), nullptr, 0, in.data, in.size);
  return in.size + cryptopp_tag_size;
}

// Opens `in` (ciphertext || tag). This is DecryptAndVerify's sequence
// with the computed tag on the stack: DecryptAndVerify's TruncatedVerify
// allocates a SecByteBlock for it on every message. Crypto++ decrypts before
// it compares the tag, so a mismatch wipes that output.
template <class Dec>
result<std::size_t> open(const cipher_info& info, Dec& dec, bytes_view nonce, bytes_view in,
                         std::uint8_t* out) {
  const std::size_t body = in.size - cryptopp_tag_size;
  dec.Resynchronize(nonce.data, static_cast<int>(nonce.size));
  if (body > 0)
    dec.ProcessData(out, in.data, body);
  std::uint8_t computed[cryptopp_tag_size];
  dec.TruncatedFinal(computed, cryptopp_tag_size);
  if (CryptoPP::VerifyBufsEqual(computed, in.data + body, cryptopp_tag_size))
    return body;
  CryptoPP::SecureWipeBuffer(out, body);
  return tag_mismatch(info);
}

// What both AEAD contexts share: the checks before a message, Crypto++'s
// exceptions as errors, and clone(). Crypto++'s objects hold pointers into
// themselves (the mode to its block cipher), so they are not copied: a clone
// re-keys from the kept key. `Derived` has sealed() and opened(), called
// with the nonce (and for opened, the sealed input) checked.
template <class Derived>
class aead_context_base : public cipher_context {
 public:
  aead_context_base(const cipher_info& info, bytes_view key)
    : info_(info), key_(key.data, key.size) {}

  const cipher_info& info() const noexcept final { return info_; }

  std::unique_ptr<cipher_context> clone() const final try {
    return std::make_unique<Derived>(info_, bytes_view{key_.data(), key_.size()});
  } catch (const std::exception&) {
    return nullptr;
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) final try {
    if (auto err = check_nonce(info_, nonce))
      return *err;
    return static_cast<Derived*>(this)->sealed(nonce, in, out);
  } catch (const std::exception& e) {
    return cryptopp_failure(info_, e);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) final try {
    if (auto err = check_nonce(info_, nonce))
      return *err;
    if (auto err = check_sealed_input(info_, in))
      return *err;
    return static_cast<Derived*>(this)->opened(nonce, in, out);
  } catch (const std::exception& e) {
    return cryptopp_failure(info_, e);
  }

 protected:
  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
  cryptopp_key_copy key_;
};

// Crypto++'s own AEAD mode (GCM).
template <class Mode>
class aead_context final : public aead_context_base<aead_context<Mode>> {
  using base = aead_context_base<aead_context<Mode>>;
  using base::info_;
  using base::key_;

 public:
  aead_context(const cipher_info& info, bytes_view key) : base(info, key) {
    // These modes refuse a key without an IV; the real nonce comes per
    // message (EncryptAndAuthenticate / DecryptAndVerify resynchronise).
    const std::uint8_t zero_nonce[24] = {};
    enc_.SetKeyWithIV(key_.data(), key_.size(), zero_nonce, info_.nonce_size);
    dec_.SetKeyWithIV(key_.data(), key_.size(), zero_nonce, info_.nonce_size);
  }

  std::size_t sealed(bytes_view nonce, bytes_view in, std::uint8_t* out) {
    return seal(enc_, nonce, in, out);
  }

  result<std::size_t> opened(bytes_view nonce, bytes_view in, std::uint8_t* out) {
    return open(info_, dec_, nonce, in, out);
  }

 private:
  typename Mode::Encryption enc_;
  typename Mode::Decryption dec_;
};

// ChaCha20-Poly1305 (RFC 8439) and XChaCha20-Poly1305 composed from
// Crypto++'s own ChaChaTLS or XChaCha20 and Poly1305TLS, exactly as its
// ChaCha20Poly1305 classes compose them. Those classes re-key both halves
// through MakeParameters on every Resynchronize (four heap allocations per
// message); here the cipher is keyed once and only the one-time Poly1305
// key is set per message. The tag is checked before anything is decrypted.
template <class Stream>
class chacha_poly_context final : public aead_context_base<chacha_poly_context<Stream>> {
  using base = aead_context_base<chacha_poly_context<Stream>>;
  using base::info_;
  using base::key_;

 public:
  chacha_poly_context(const cipher_info& info, bytes_view key) : base(info, key) {
    // Block 0 first, which XChaCha20 does not start at by default.
    const std::uint8_t zero_nonce[24] = {};
    stream_.SetKey(key_.data(), key_.size(),
                   CryptoPP::MakeParameters(CryptoPP::Name::IV(), CryptoPP::ConstByteArrayParameter(
                                                                    zero_nonce, info_.nonce_size))(
                     "InitialBlock", CryptoPP::word64{0}, true));
  }

  std::size_t sealed(bytes_view nonce, bytes_view in, std::uint8_t* out) {
    start(nonce);
    if (in.size > 0)
      stream_.ProcessData(out, in.data, in.size);
    authenticate(out, in.size, out + in.size);
    return in.size + cryptopp_tag_size;
  }

  result<std::size_t> opened(bytes_view nonce, bytes_view in, std::uint8_t* out) {
    const std::size_t body = in.size - cryptopp_tag_size;
    start(nonce);
    std::uint8_t computed[cryptopp_tag_size];
    authenticate(in.data, body, computed);
    if (!CryptoPP::VerifyBufsEqual(computed, in.data + body, cryptopp_tag_size))
      return tag_mismatch(info_);
    if (body > 0)
      stream_.ProcessData(out, in.data, body);
    return body;
  }

 private:
  // Block 0 of the message's keystream keys Poly1305; the text starts at block 1.
  void start(bytes_view nonce) {
    stream_.Resynchronize(nonce.data, static_cast<int>(nonce.size));
    std::uint8_t block0[64] = {};
    stream_.ProcessString(block0, sizeof block0);
    static_cast<CryptoPP::SimpleKeyingInterface&>(mac_).SetKey(block0, 32);
    CryptoPP::SecureWipeBuffer(block0, sizeof block0);
  }

  // Poly1305 over ciphertext || pad16 || le64(0) || le64(length): no AAD.
  void authenticate(const std::uint8_t* ciphertext, std::size_t n, std::uint8_t* tag) {
    static const std::uint8_t zeros[16] = {};
    mac_.Update(ciphertext, n);
    mac_.Update(zeros, (16 - n % 16) % 16);
    std::uint8_t lengths[16] = {};
    CryptoPP::PutWord<CryptoPP::word64>(false, CryptoPP::LITTLE_ENDIAN_ORDER, lengths + 8, n);
    mac_.Update(lengths, sizeof lengths);
    mac_.TruncatedFinal(tag, cryptopp_tag_size);
  }

  typename Stream::Encryption stream_;
  CryptoPP::Poly1305TLS mac_;
};

// What naive Crypto++ code does per message: construct the mode object,
// key it with the IV, run EncryptAndAuthenticate or DecryptAndVerify (or
// ProcessData), destroy it.
template <class Mode>
result<std::size_t> aead_once(direction way, const cipher_info& info, bytes_view key,
                              bytes_view nonce, bytes_view in, std::uint8_t* out) {
  if (way == direction::encrypt) {
    typename Mode::Encryption enc;
    enc.SetKeyWithIV(key.data, key.size, nonce.data, nonce.size);
    return seal(enc, nonce, in, out);
  }
  typename Mode::Decryption dec;
  dec.SetKeyWithIV(key.data, key.size, nonce.data, nonce.size);
  const std::size_t body = in.size - cryptopp_tag_size;
  if (dec.DecryptAndVerify(out, in.data + body, cryptopp_tag_size, nonce.data,
                           static_cast<int>(nonce.size), nullptr, 0, in.data, body))
    return body;
  CryptoPP::SecureWipeBuffer(out, body);
  return tag_mismatch(info);
}

template <class Context, class Mode>
cryptopp_cipher_ops aead_ops() {
  return {[](const cipher_info& i, bytes_view k) -> std::unique_ptr<cipher_context> {
            return std::make_unique<Context>(i, k);
          },
          aead_once<Mode>};
}

} // namespace

cryptopp_cipher_ops cryptopp_aes_gcm() {
  return aead_ops<aead_context<gcm<CryptoPP::AES>>, gcm<CryptoPP::AES>>();
}

// The composed context for messages; Crypto++'s own ChaCha20Poly1305 classes
// for the naive encrypt_once and decrypt_once.
cryptopp_cipher_ops cryptopp_chacha20_poly1305() {
  return aead_ops<chacha_poly_context<CryptoPP::ChaChaTLS>, CryptoPP::ChaCha20Poly1305>();
}

cryptopp_cipher_ops cryptopp_xchacha20_poly1305() {
  return aead_ops<chacha_poly_context<CryptoPP::XChaCha20>, CryptoPP::XChaCha20Poly1305>();
}

} // namespace actorbench::crypto::detail
