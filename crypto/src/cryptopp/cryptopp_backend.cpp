#include "cryptopp/cryptopp_backend.hpp"

#include <cstring>
#include <string>

#include <cryptopp/aes.h>
#include <cryptopp/algparam.h>
#include <cryptopp/argnames.h>
#include <cryptopp/chacha.h>
#include <cryptopp/chachapoly.h>
#include <cryptopp/cryptlib.h>
#include <cryptopp/gcm.h>
#include <cryptopp/misc.h>
#include <cryptopp/modes.h>
#include <cryptopp/poly1305.h>
#include <cryptopp/secblock.h>

#include "checks.hpp"
#include "once_by_direction_backend.hpp"
#include "keyed_cipher_context.hpp"

namespace actorbench::crypto {

namespace {

constexpr std::size_t tag_size = 16;

// With PCLMUL (checked at run time) Crypto++'s GCM multiplies with CLMUL
// whatever the table option, and the 2K option then keys and clones with
// far less table to build; without it the 2K tables are the portable path.
template <class Cipher>
using gcm = CryptoPP::GCM<Cipher, CryptoPP::GCM_2K_Tables>;

error cryptopp_failure(const cipher_info& info, const std::exception& e) {
  return make_error(errc::backend_failure, info.name + ": Crypto++: " + e.what());
}

error tag_mismatch(const cipher_info& info) {
  return make_error(errc::authentication_failed,
                    info.name + ": tag did not verify (message altered or wrong key)");
}

using key_copy = CryptoPP::SecByteBlock;

// Seals `in` with a keyed Crypto++ AEAD encryptor, tag appended.
template <class Enc>
std::size_t seal(Enc& enc, bytes_view nonce, bytes_view in, std::uint8_t* out) {
  enc.EncryptAndAuthenticate(out, out + in.size, tag_size, nonce.data, static_cast<int>(nonce.size),
                             nullptr, 0, in.data, in.size);
  return in.size + tag_size;
}

// Opens `in` (ciphertext || tag). This is DecryptAndVerify's sequence
// with the computed tag on the stack: DecryptAndVerify's TruncatedVerify
// allocates a SecByteBlock for it on every message. Crypto++ decrypts before
// it compares the tag, so a mismatch wipes that output.
template <class Dec>
result<std::size_t> open(const cipher_info& info, Dec& dec, bytes_view nonce, bytes_view in,
                         std::uint8_t* out) {
  const std::size_t body = in.size - tag_size;
  dec.Resynchronize(nonce.data, static_cast<int>(nonce.size));
  if (body > 0)
    dec.ProcessData(out, in.data, body);
  std::uint8_t computed[tag_size];
  dec.TruncatedFinal(computed, tag_size);
  if (CryptoPP::VerifyBufsEqual(computed, in.data + body, tag_size))
    return body;
  CryptoPP::SecureWipeBuffer(out, body);
  return tag_mismatch(info);
}

// Crypto++'s objects hold pointers into themselves (the mode to its block
// cipher), so they are not copied: a clone re-keys from the kept key.
template <class Mode>
class aead_context final : public cipher_context {
 public:
  aead_context(const cipher_info& info, bytes_view key) : info_(info), key_(key.data, key.size) {
    // These modes refuse a key without an IV; the real nonce comes per
    // message (EncryptAndAuthenticate / DecryptAndVerify resynchronise).
    const std::uint8_t zero_nonce[24] = {};
    enc_.SetKeyWithIV(key_.data(), key_.size(), zero_nonce, info_.nonce_size);
    dec_.SetKeyWithIV(key_.data(), key_.size(), zero_nonce, info_.nonce_size);
  }

  const cipher_info& info() const noexcept override { return info_; }

  std::unique_ptr<cipher_context> clone() const override try {
    return std::make_unique<aead_context>(info_, bytes_view{key_.data(), key_.size()});
  } catch (const std::exception&) {
    return nullptr;
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override try {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    return seal(enc_, nonce, in, out);
  } catch (const std::exception& e) {
    return cryptopp_failure(info_, e);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override try {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (auto err = detail::check_sealed_input(info_, in))
      return *err;
    return open(info_, dec_, nonce, in, out);
  } catch (const std::exception& e) {
    return cryptopp_failure(info_, e);
  }

 private:
  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
  key_copy key_;
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
class chacha_poly_context final : public cipher_context {
 public:
  chacha_poly_context(const cipher_info& info, bytes_view key)
    : info_(info), key_(key.data, key.size) {
    // Block 0 first, which XChaCha20 does not start at by default.
    const std::uint8_t zero_nonce[24] = {};
    stream_.SetKey(key_.data(), key_.size(),
                   CryptoPP::MakeParameters(CryptoPP::Name::IV(), CryptoPP::ConstByteArrayParameter(
                                                                    zero_nonce, info_.nonce_size))(
                     "InitialBlock", CryptoPP::word64{0}, true));
  }

  const cipher_info& info() const noexcept override { return info_; }

  std::unique_ptr<cipher_context> clone() const override try {
    return std::make_unique<chacha_poly_context>(info_, bytes_view{key_.data(), key_.size()});
  } catch (const std::exception&) {
    return nullptr;
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override try {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    start(nonce);
    if (in.size > 0)
      stream_.ProcessData(out, in.data, in.size);
    authenticate(out, in.size, out + in.size);
    return in.size + tag_size;
  } catch (const std::exception& e) {
    return cryptopp_failure(info_, e);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override try {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (auto err = detail::check_sealed_input(info_, in))
      return *err;
    const std::size_t body = in.size - tag_size;
    start(nonce);
    std::uint8_t computed[tag_size];
    authenticate(in.data, body, computed);
    if (!CryptoPP::VerifyBufsEqual(computed, in.data + body, tag_size))
      return tag_mismatch(info_);
    if (body > 0)
      stream_.ProcessData(out, in.data, body);
    return body;
  } catch (const std::exception& e) {
    return cryptopp_failure(info_, e);
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
    mac_.TruncatedFinal(tag, tag_size);
  }

  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
  key_copy key_;
  typename Stream::Encryption stream_;
  CryptoPP::Poly1305TLS mac_;
};

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
class stream_context final : public detail::keyed_stream_context {
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
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    Start::run(cipher_, nonce, in, out);
    return in.size;
  } catch (const std::exception& e) {
    return cryptopp_failure(info_, e);
  }

  key_copy key_;
  Cipher cipher_;
};

using ctr_cipher = CryptoPP::CTR_Mode<CryptoPP::AES>::Encryption;
using chacha_cipher = CryptoPP::ChaChaTLS::Encryption;

// What naive Crypto++ code does per message: construct the mode object,
// key it with the IV, run EncryptAndAuthenticate or DecryptAndVerify (or
// ProcessData), destroy it.
template <class Mode>
result<std::size_t> aead_once(detail::direction way, const cipher_info& info, bytes_view key,
                              bytes_view nonce, bytes_view in, std::uint8_t* out) {
  if (way == detail::direction::encrypt) {
    typename Mode::Encryption enc;
    enc.SetKeyWithIV(key.data, key.size, nonce.data, nonce.size);
    return seal(enc, nonce, in, out);
  }
  typename Mode::Decryption dec;
  dec.SetKeyWithIV(key.data, key.size, nonce.data, nonce.size);
  const std::size_t body = in.size - tag_size;
  if (dec.DecryptAndVerify(out, in.data + body, tag_size, nonce.data, static_cast<int>(nonce.size),
                           nullptr, 0, in.data, body))
    return body;
  CryptoPP::SecureWipeBuffer(out, body);
  return tag_mismatch(info);
}

// A stream cipher runs the same either way.
template <class Cipher, class Start>
result<std::size_t> stream_once(detail::direction, const cipher_info&, bytes_view key,
                                bytes_view nonce, bytes_view in, std::uint8_t* out) {
  Cipher c;
  const std::uint8_t zero_iv[16] = {};
  c.SetKeyWithIV(key.data, key.size, zero_iv, c.IVSize());
  Start::run(c, nonce, in, out);
  return in.size;
}

// One entry per cipher: its description and how to make a context or run
// one naive encryption or decryption.
struct cryptopp_cipher {
  cipher_info info;
  std::unique_ptr<cipher_context> (*make)(const cipher_info&, bytes_view key);
  result<std::size_t> (*once)(detail::direction, const cipher_info&, bytes_view, bytes_view,
                              bytes_view, std::uint8_t*);
};

template <class Mode>
cryptopp_cipher aead(const char* name, std::size_t key, std::size_t nonce) {
  return {{name, key, nonce, tag_size, true, true, ""},
          [](const cipher_info& i, bytes_view k) -> std::unique_ptr<cipher_context> {
            return std::make_unique<aead_context<Mode>>(i, k);
          },
          aead_once<Mode>};
}

// The composed context for messages; Crypto++'s own `Mode` class for the
// naive encrypt_once and decrypt_once.
template <class Stream, class Mode>
cryptopp_cipher chacha_aead(const char* name, std::size_t nonce) {
  return {{name, 32, nonce, tag_size, true, true, ""},
          [](const cipher_info& i, bytes_view k) -> std::unique_ptr<cipher_context> {
            return std::make_unique<chacha_poly_context<Stream>>(i, k);
          },
          aead_once<Mode>};
}

template <class Cipher, class Start>
cryptopp_cipher stream(const char* name, std::size_t key) {
  return {{name, key, 16, 0, false, true, ""},
          [](const cipher_info& i, bytes_view k) -> std::unique_ptr<cipher_context> {
            return std::make_unique<stream_context<Cipher, Start>>(i, k);
          },
          stream_once<Cipher, Start>};
}

class cryptopp_backend final : public detail::once_by_direction_backend {
 public:
  cryptopp_backend() {
    table_.push_back(aead<gcm<CryptoPP::AES>>("aes-128-gcm", 16, 12));
    table_.push_back(aead<gcm<CryptoPP::AES>>("aes-256-gcm", 32, 12));
    table_.push_back(
      chacha_aead<CryptoPP::ChaChaTLS, CryptoPP::ChaCha20Poly1305>("chacha20-poly1305", 12));
    table_.push_back(
      chacha_aead<CryptoPP::XChaCha20, CryptoPP::XChaCha20Poly1305>("xchacha20-poly1305", 24));
    table_.push_back(stream<ctr_cipher, ctr_run>("aes-128-ctr", 16));
    table_.push_back(stream<ctr_cipher, ctr_run>("aes-256-ctr", 32));
    table_.push_back(stream<chacha_cipher, chacha_run>("chacha20", 32));
    for (const auto& c : table_)
      ciphers_.push_back(c.info);
  }

  std::string_view name() const noexcept override { return "cryptopp"; }

  std::string version() const override {
    // LibraryVersion() is the shared library's own, e.g. 870 for 8.7.0.
    const int v = CryptoPP::LibraryVersion();
    return "Crypto++ " + std::to_string(v / 100) + "." + std::to_string(v / 10 % 10) + "."
           + std::to_string(v % 10);
  }

  bool is_available() const noexcept override { return true; }

  const std::vector<cipher_info>& ciphers() const noexcept override { return ciphers_; }

  result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                       bytes_view key) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    const cryptopp_cipher& c = entry(**info);
    try {
      return c.make(**info, key);
    } catch (const std::exception& e) {
      return cryptopp_failure(**info, e);
    }
  }

 private:
  result<std::size_t> once(detail::direction way, std::string_view cipher, bytes_view key,
                           bytes_view nonce, bytes_view in, std::uint8_t* out) const override {
    auto info = detail::check_once_args(*this, way, cipher, key, nonce, in);
    if (!info)
      return info.err();
    const cipher_info& ci = **info;
    try {
      return entry(ci).once(way, ci, key, nonce, in, out);
    } catch (const std::exception& e) {
      return cryptopp_failure(ci, e);
    }
  }

  const cryptopp_cipher& entry(const cipher_info& info) const {
    return table_[static_cast<std::size_t>(&info - ciphers_.data())];
  }

  std::vector<cryptopp_cipher> table_;
  std::vector<cipher_info> ciphers_;
};

} // namespace

std::unique_ptr<backend> make_cryptopp_backend() {
  return std::make_unique<cryptopp_backend>();
}

} // namespace actorbench::crypto
