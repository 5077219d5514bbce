#include "botan/botan_backend.hpp"

#include <cstring>
#include <string>

// ctr.h and gcm.h are public in Botan 2 but print "will be made internal"
// when included; the contexts need their constructors that take a block
// cipher (see make_serial_block_cipher). Botan 3 would need another way.
#define BOTAN_NO_DEPRECATED_WARNINGS
#include <botan/aead.h>
#include <botan/block_cipher.h>
#include <botan/ctr.h>
#include <botan/exceptn.h>
#include <botan/gcm.h>
#include <botan/mem_ops.h>
#include <botan/stream_cipher.h>
#include <botan/version.h>

#include "botan/botan_serial_cipher.hpp"
#include "checks.hpp"
#include "cipher_table.hpp"
#include "keyed_cipher_context.hpp"
#include "once_by_direction_backend.hpp"

namespace actorbench::crypto {

namespace {

constexpr std::size_t tag_size = 16;

// Our cipher name and Botan's spec for it. Botan chooses AES-NI, CLMUL
// (GHASH) and SSE2/AVX2 (ChaCha) itself from CPUID at run time. For the
// AES modes `block` names the block cipher behind the short-message modes
// (see short_message); encrypt_once and decrypt_once keep Botan's `spec`, as
// naive code would.
struct botan_cipher {
  cipher_info info;
  const char* spec;
  const char* block = nullptr;
};

// Botan's CTR_BE (alone or inside GCM) encrypts a whole key-stream buffer in
// set_iv: 16 blocks under AES-NI (its parallelism of 4 times
// BOTAN_BLOCK_CIPHER_PAR_MULT), of which a 12-byte message uses one. So the
// AES contexts keep a second set of Botan's own CTR_BE / GCM objects over
// make_serial_block_cipher, whose buffer is 4 blocks, for messages that fit
// in it; longer ones run on Botan's default objects, which are twice as fast
// in bulk (16 KiB).
constexpr std::size_t short_message = BOTAN_BLOCK_CIPHER_PAR_MULT * 16;

// The short-message AES-CTR, or nullptr for a cipher without one.
std::unique_ptr<Botan::StreamCipher> make_short_stream(const botan_cipher& c) {
  if (c.block == nullptr)
    return nullptr;
  return std::make_unique<Botan::CTR_BE>(detail::make_serial_block_cipher(c.block).release());
}

// The short-message AES-GCM, or nullptr for a cipher without one.
std::unique_ptr<Botan::AEAD_Mode> make_short_aead(const botan_cipher& c, Botan::Cipher_Dir dir) {
  if (c.block == nullptr)
    return nullptr;
  auto block = detail::make_serial_block_cipher(c.block);
  if (dir == Botan::ENCRYPTION)
    return std::make_unique<Botan::GCM_Encryption>(block.release(), tag_size);
  return std::make_unique<Botan::GCM_Decryption>(block.release(), tag_size);
}

// Which of a context's two objects runs a message of `size` bytes.
template <class Mode>
Mode& for_size(const std::unique_ptr<Mode>& full, const std::unique_ptr<Mode>& short_one,
               std::size_t size) {
  return short_one && size <= short_message ? *short_one : *full;
}

error botan_failure(const cipher_info& info, const std::exception& e) {
  return make_error(errc::backend_failure, info.name + ": Botan: " + e.what());
}

error tag_mismatch(const cipher_info& info) {
  return make_error(errc::authentication_failed,
                    info.name + ": tag did not verify (message altered or wrong key)");
}

// Botan's clone() returns an unkeyed object of the same algorithm, so the
// context keeps the key to re-key its clones (the one place a schedule is
// recomputed rather than copied).
using key_copy = Botan::secure_vector<std::uint8_t>;

class botan_aead_context final : public cipher_context {
 public:
  // `info` is the back-end's own entry, which outlives the context.
  botan_aead_context(const cipher_info& info, const botan_cipher& c, bytes_view key)
    : info_(info),
      cipher_(c),
      key_(key.data, key.data + key.size),
      enc_(Botan::AEAD_Mode::create_or_throw(c.spec, Botan::ENCRYPTION)),
      dec_(Botan::AEAD_Mode::create_or_throw(c.spec, Botan::DECRYPTION)),
      short_enc_(make_short_aead(c, Botan::ENCRYPTION)),
      short_dec_(make_short_aead(c, Botan::DECRYPTION)) {
    enc_->set_key(key_);
    dec_->set_key(key_);
    // process() takes whole multiples of the granularity; finish() gets the
    // rest (plus the tag) in tail_, whose capacity is reserved here so that
    // no message allocates.
    granularity_ = std::max(enc_->update_granularity(), dec_->update_granularity());
    if (short_enc_) {
      short_enc_->set_key(key_);
      short_dec_->set_key(key_);
      granularity_ = std::max(
        {granularity_, short_enc_->update_granularity(), short_dec_->update_granularity()});
    }
    tail_.reserve(granularity_ + 2 * tag_size);
  }

  const cipher_info& info() const noexcept override { return info_; }

  std::unique_ptr<cipher_context> clone() const override try {
    return std::make_unique<botan_aead_context>(info_, cipher_,
                                                bytes_view{key_.data(), key_.size()});
  } catch (const std::exception&) {
    return nullptr;
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override try {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    Botan::AEAD_Mode& enc = for_size(enc_, short_enc_, in.size);
    enc.start(nonce.data, nonce.size);
    const std::size_t bulk = process_bulk(enc, in, out);
    tail_.assign(in.data + bulk, in.data + in.size);
    enc.finish(tail_);
    std::memcpy(out + bulk, tail_.data(), tail_.size());
    return bulk + tail_.size();
  } catch (const std::exception& e) {
    return botan_failure(info_, e);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (auto err = detail::check_sealed_input(info_, in))
      return *err;
    const std::size_t body = in.size - tag_size;
    std::size_t bulk = 0;
    try {
      Botan::AEAD_Mode& dec = for_size(dec_, short_dec_, body);
      dec.start(nonce.data, nonce.size);
      bulk = process_bulk(dec, bytes_view{in.data, body}, out);
      tail_.assign(in.data + bulk, in.data + in.size);
      dec.finish(tail_);
    } catch (const Botan::Invalid_Authentication_Tag&) {
      // Botan decrypts the bulk before it checks the tag: wipe that output.
      Botan::secure_scrub_memory(out, bulk);
      return tag_mismatch(info_);
    } catch (const std::exception& e) {
      return botan_failure(info_, e);
    }
    std::memcpy(out + bulk, tail_.data(), tail_.size());
    return bulk + tail_.size();
  }

 private:
  // Runs the whole-granularity prefix of `in` through `mode` straight into
  // `out` (Botan works in place) and returns its length.
  std::size_t process_bulk(Botan::Cipher_Mode& mode, bytes_view in, std::uint8_t* out) {
    const std::size_t bulk = in.size - in.size % granularity_;
    if (bulk == 0)
      return 0;
    if (out != in.data)
      std::memmove(out, in.data, bulk);
    mode.process(out, bulk);
    return bulk;
  }

  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
  const botan_cipher& cipher_;
  key_copy key_;
  std::unique_ptr<Botan::AEAD_Mode> enc_;
  std::unique_ptr<Botan::AEAD_Mode> dec_;
  std::unique_ptr<Botan::AEAD_Mode> short_enc_;
  std::unique_ptr<Botan::AEAD_Mode> short_dec_;
  std::size_t granularity_ = 0;
  Botan::secure_vector<std::uint8_t> tail_;
};

// Sets a keyed stream cipher to the start of a message under OpenSSL's IV:
// CTR-BE takes the 16-byte counter block as is; for ChaCha the IV is a
// 32-bit little-endian block counter followed by the 96-bit nonce, which
// Botan takes as a 12-byte IV plus a seek to that block.
void start_stream(Botan::StreamCipher& cipher, bool chacha, bytes_view iv) {
  if (!chacha) {
    cipher.set_iv(iv.data, iv.size);
    return;
  }
  cipher.set_iv(iv.data + 4, iv.size - 4);
  const std::uint64_t block = std::uint64_t{iv.data[0]} | std::uint64_t{iv.data[1]} << 8
                              | std::uint64_t{iv.data[2]} << 16 | std::uint64_t{iv.data[3]} << 24;
  if (block != 0)
    cipher.seek(block * 64);
}

class botan_stream_context final : public detail::keyed_stream_context {
 public:
  // `info` is the back-end's own entry, which outlives the context.
  botan_stream_context(const cipher_info& info, const botan_cipher& c, bytes_view key)
    : keyed_stream_context(info),
      entry_(c),
      key_(key.data, key.data + key.size),
      cipher_(Botan::StreamCipher::create_or_throw(c.spec)),
      short_(make_short_stream(c)),
      chacha_(info_.name == "chacha20") {
    cipher_->set_key(key_);
    if (short_)
      short_->set_key(key_);
  }

  std::unique_ptr<cipher_context> clone() const override try {
    return std::make_unique<botan_stream_context>(info_, entry_,
                                                  bytes_view{key_.data(), key_.size()});
  } catch (const std::exception&) {
    return nullptr;
  }

 private:
  result<std::size_t> apply(bytes_view nonce, bytes_view in, std::uint8_t* out) override try {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    Botan::StreamCipher& cipher = for_size(cipher_, short_, in.size);
    start_stream(cipher, chacha_, nonce);
    if (in.size > 0)
      cipher.cipher(in.data, out, in.size);
    return in.size;
  } catch (const std::exception& e) {
    return botan_failure(info_, e);
  }

  const botan_cipher& entry_;
  key_copy key_;
  std::unique_ptr<Botan::StreamCipher> cipher_;
  std::unique_ptr<Botan::StreamCipher> short_;
  bool chacha_;
};

class botan_backend final : public detail::once_by_direction_backend {
 public:
  botan_backend() {
    const auto aead = [](const char* name, std::size_t key, std::size_t nonce, const char* spec,
                         const char* block) {
      return botan_cipher{{name, key, nonce, tag_size, true, true, ""}, spec, block};
    };
    const auto stream = [](const char* name, std::size_t key, const char* spec, const char* block) {
      return botan_cipher{{name, key, 16, 0, false, true, ""}, spec, block};
    };
    for (auto& c : {aead("aes-128-gcm", 16, 12, "AES-128/GCM", "AES-128"),
                    aead("aes-256-gcm", 32, 12, "AES-256/GCM", "AES-256"),
                    aead("chacha20-poly1305", 32, 12, "ChaCha20Poly1305", nullptr),
                    // Botan's ChaCha20Poly1305 with a 24-byte nonce is XChaCha20Poly1305.
                    aead("xchacha20-poly1305", 32, 24, "ChaCha20Poly1305", nullptr),
                    stream("aes-128-ctr", 16, "CTR-BE(AES-128)", "AES-128"),
                    stream("aes-256-ctr", 32, "CTR-BE(AES-256)", "AES-256"),
                    stream("chacha20", 32, "ChaCha(20)", nullptr)})
      table_.add(c.info, c);
  }

  std::string_view name() const noexcept override { return "botan"; }

  std::string version() const override {
    return std::string{"Botan "} + Botan::short_version_string();
  }

  bool is_available() const noexcept override { return true; }

  const std::vector<cipher_info>& ciphers() const noexcept override { return table_.infos(); }

  result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                       bytes_view key) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    const botan_cipher& c = table_.entry(**info);
    try {
      if (c.info.aead)
        return std::unique_ptr<cipher_context>{new botan_aead_context(**info, c, key)};
      return std::unique_ptr<cipher_context>{new botan_stream_context(**info, c, key)};
    } catch (const std::exception& e) {
      return botan_failure(c.info, e);
    }
  }

 private:
  // What naive Botan code does per message: create the mode, set the key,
  // start, finish on a freshly allocated secure_vector, copy out, free.
  result<std::size_t> once(detail::direction way, std::string_view cipher, bytes_view key,
                           bytes_view nonce, bytes_view in, std::uint8_t* out) const override {
    auto info = detail::check_once_args(*this, way, cipher, key, nonce, in);
    if (!info)
      return info.err();
    const botan_cipher& c = table_.entry(**info);
    try {
      if (!c.info.aead) {
        auto s = Botan::StreamCipher::create_or_throw(c.spec);
        s->set_key(key.data, key.size);
        start_stream(*s, c.info.name == "chacha20", nonce);
        if (in.size > 0)
          s->cipher(in.data, out, in.size);
        return in.size;
      }
      auto mode = Botan::AEAD_Mode::create_or_throw(
        c.spec, way == detail::direction::encrypt ? Botan::ENCRYPTION : Botan::DECRYPTION);
      mode->set_key(key.data, key.size);
      mode->start(nonce.data, nonce.size);
      Botan::secure_vector<std::uint8_t> buf(in.data, in.data + in.size);
      mode->finish(buf);
      std::memcpy(out, buf.data(), buf.size());
      return buf.size();
    } catch (const Botan::Invalid_Authentication_Tag&) {
      return tag_mismatch(c.info);
    } catch (const std::exception& e) {
      return botan_failure(c.info, e);
    }
  }

  detail::cipher_table<botan_cipher> table_;
};

} // namespace

std::unique_ptr<backend> make_botan_backend() {
  return std::make_unique<botan_backend>();
}

} // namespace actorbench::crypto
