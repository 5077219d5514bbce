#include "nettle/nettle_backend.hpp"

#include <array>
#include <cstring>
#include <string>

#include <string.h> // explicit_bzero (glibc)

#include <nettle/aes.h>
#include <nettle/chacha-poly1305.h>
#include <nettle/chacha.h>
#include <nettle/ctr.h>
#include <nettle/gcm.h>
#include <nettle/memops.h>
#include <nettle/version.h>

#include "checks.hpp"
#include "cipher_table.hpp"
#include "keyed_cipher_context.hpp"

namespace actorbench::crypto {

namespace {

constexpr std::size_t tag_size = 16;
static_assert(GCM_DIGEST_SIZE == tag_size && CHACHA_POLY1305_DIGEST_SIZE == tag_size);

// Nettle's contexts are plain structs holding the expanded key: make_context
// expands it once, clone() is a struct copy, and a message only resets the
// nonce part. Nettle is built "fat" on Debian, so aes*_encrypt and the GHASH
// behind gcm_* pick AES-NI and PCLMUL at load time when the CPU has them.

// AES-CTR: the 16-byte IV is the initial counter block, which ctr_crypt
// increments as a 128-bit big-endian integer, as OpenSSL does.
template <class Ctx, void (*SetKey)(Ctx*, const std::uint8_t*),
          void (*Encrypt)(const Ctx*, std::size_t, std::uint8_t*, const std::uint8_t*)>
struct aes_ctr {
  using ctx_type = Ctx;
  static void set_key(Ctx* ctx, const std::uint8_t* key) { SetKey(ctx, key); }
  static void apply(Ctx* ctx, const std::uint8_t* nonce, bytes_view in, std::uint8_t* out) {
    std::array<std::uint8_t, AES_BLOCK_SIZE> counter;
    std::memcpy(counter.data(), nonce, counter.size());
    // The cast is how Nettle's own CTR_CRYPT macro passes a typed function.
    ctr_crypt(ctx, reinterpret_cast<nettle_cipher_func*>(Encrypt), AES_BLOCK_SIZE, counter.data(),
              in.size, out, in.data);
  }
};

using aes128_ctr = aes_ctr<aes128_ctx, aes128_set_encrypt_key, aes128_encrypt>;
using aes256_ctr = aes_ctr<aes256_ctx, aes256_set_encrypt_key, aes256_encrypt>;

// ChaCha20 as EVP_chacha20: IV = 32-bit little-endian block counter || 96-bit
// nonce. Nettle's original ChaCha keeps a 64-bit counter in state words 12-13
// and a 64-bit nonce in words 14-15, so the IV's first 8 bytes go to the
// counter and the last 8 to the nonce: the same 16 bytes in the same words,
// and a counter that carries into word 13 exactly as OpenSSL's does.
struct chacha20_stream {
  using ctx_type = chacha_ctx;
  static void set_key(chacha_ctx* ctx, const std::uint8_t* key) { chacha_set_key(ctx, key); }
  static void apply(chacha_ctx* ctx, const std::uint8_t* nonce, bytes_view in, std::uint8_t* out) {
    // chacha_set_nonce also zeroes the counter words, so it goes first. The
    // context keeps no partial keystream block: setting both is a full reset.
    chacha_set_nonce(ctx, nonce + CHACHA_COUNTER_SIZE);
    chacha_set_counter(ctx, nonce);
    chacha_crypt(ctx, in.size, out, in.data);
  }
};

template <class Algo>
class stream_context final : public detail::keyed_stream_context {
 public:
  stream_context(const cipher_info& info, bytes_view key) : keyed_stream_context(info) {
    Algo::set_key(&ctx_, key.data);
  }
  stream_context(const stream_context& other) = default;
  // explicit_bzero: a plain memset of a dying member may be optimised away.
  ~stream_context() override { explicit_bzero(&ctx_, sizeof ctx_); }

  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<stream_context>(*this);
  }

 private:
  result<std::size_t> apply(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    Algo::apply(&ctx_, nonce.data, in, out);
    return in.size;
  }

  typename Algo::ctx_type ctx_;
};

// The AEADs' per-message functions, as Nettle names them per algorithm.
template <class Ctx, void (*SetKey)(Ctx*, const std::uint8_t*),
          void (*SetNonce)(Ctx*, const std::uint8_t*),
          void (*Encrypt)(Ctx*, std::size_t, std::uint8_t*, const std::uint8_t*),
          void (*Decrypt)(Ctx*, std::size_t, std::uint8_t*, const std::uint8_t*),
          void (*Digest)(Ctx*, std::size_t, std::uint8_t*)>
struct aead_algo {
  using ctx_type = Ctx;
  static constexpr auto set_key = SetKey;
  static constexpr auto set_nonce = SetNonce;
  static constexpr auto encrypt = Encrypt;
  static constexpr auto decrypt = Decrypt;
  static constexpr auto digest = Digest;
};

// gcm_*_set_iv takes the nonce length; with 12 bytes it hashes nothing.
template <class Ctx, void (*SetIv)(Ctx*, std::size_t, const std::uint8_t*)>
void set_gcm_nonce(Ctx* ctx, const std::uint8_t* nonce) {
  SetIv(ctx, GCM_IV_SIZE, nonce);
}

using aes128_gcm =
  aead_algo<gcm_aes128_ctx, gcm_aes128_set_key, set_gcm_nonce<gcm_aes128_ctx, gcm_aes128_set_iv>,
            gcm_aes128_encrypt, gcm_aes128_decrypt, gcm_aes128_digest>;
using aes256_gcm =
  aead_algo<gcm_aes256_ctx, gcm_aes256_set_key, set_gcm_nonce<gcm_aes256_ctx, gcm_aes256_set_iv>,
            gcm_aes256_encrypt, gcm_aes256_decrypt, gcm_aes256_digest>;
using chacha20_poly1305 =
  aead_algo<chacha_poly1305_ctx, chacha_poly1305_set_key, chacha_poly1305_set_nonce,
            chacha_poly1305_encrypt, chacha_poly1305_decrypt, chacha_poly1305_digest>;

template <class Algo>
class aead_context final : public cipher_context {
 public:
  aead_context(const cipher_info& info, bytes_view key) : info_(info) {
    Algo::set_key(&ctx_, key.data);
  }
  aead_context(const aead_context& other) = default;
  ~aead_context() override { explicit_bzero(&ctx_, sizeof ctx_); }

  const cipher_info& info() const noexcept override { return info_; }
  std::unique_ptr<cipher_context> clone() const override {
    return std::make_unique<aead_context>(*this);
  }

  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    Algo::set_nonce(&ctx_, nonce.data);
    Algo::encrypt(&ctx_, in.size, out, in.data);
    Algo::digest(&ctx_, tag_size, out + in.size);
    return in.size + tag_size;
  }

  // Nettle authenticates while it decrypts, so the plaintext is written
  // before the tag is known to be good; on a mismatch it is wiped (out is
  // the caller's buffer, so the memset cannot be optimised away).
  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    if (auto err = detail::check_nonce(info_, nonce))
      return *err;
    if (auto err = detail::check_sealed_input(info_, in))
      return *err;
    const std::size_t body = in.size - tag_size;
    Algo::set_nonce(&ctx_, nonce.data);
    Algo::decrypt(&ctx_, body, out, in.data);
    std::array<std::uint8_t, tag_size> tag;
    Algo::digest(&ctx_, tag_size, tag.data());
    if (memeql_sec(tag.data(), in.data + body, tag_size) == 0) {
      if (body > 0)
        std::memset(out, 0, body);
      return make_error(errc::authentication_failed,
                        info_.name + ": tag did not verify (message altered or wrong key)");
    }
    return body;
  }

 private:
  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
  typename Algo::ctx_type ctx_;
};

using context_factory = std::unique_ptr<cipher_context> (*)(const cipher_info&, bytes_view);

template <class Context>
std::unique_ptr<cipher_context> make(const cipher_info& info, bytes_view key) {
  return std::make_unique<Context>(info, key);
}

class nettle_backend final : public backend {
 public:
  // No encrypt_once / decrypt_once override: Nettle has no context object to
  // create or free (naive code puts the struct on its stack and sets the
  // key), so the naive per-message pattern is make_context plus encrypt or
  // decrypt, the default.
  nettle_backend() {
    table_.add({"aes-128-gcm", AES128_KEY_SIZE, GCM_IV_SIZE, tag_size, true, true, ""},
               make<aead_context<aes128_gcm>>);
    table_.add({"aes-256-gcm", AES256_KEY_SIZE, GCM_IV_SIZE, tag_size, true, true, ""},
               make<aead_context<aes256_gcm>>);
    table_.add({"chacha20-poly1305", CHACHA_POLY1305_KEY_SIZE, CHACHA_POLY1305_NONCE_SIZE, tag_size,
                true, true, ""},
               make<aead_context<chacha20_poly1305>>);
    table_.add({"aes-128-ctr", AES128_KEY_SIZE, AES_BLOCK_SIZE, 0, false, true, ""},
               make<stream_context<aes128_ctr>>);
    table_.add({"aes-256-ctr", AES256_KEY_SIZE, AES_BLOCK_SIZE, 0, false, true, ""},
               make<stream_context<aes256_ctr>>);
    table_.add(
      {"chacha20", CHACHA_KEY_SIZE, CHACHA_COUNTER_SIZE + CHACHA_NONCE_SIZE, 0, false, true, ""},
      make<stream_context<chacha20_stream>>);
  }

  std::string_view name() const noexcept override { return "nettle"; }

  std::string version() const override {
    return "Nettle " + std::to_string(nettle_version_major()) + "."
           + std::to_string(nettle_version_minor());
  }

  bool is_available() const noexcept override { return true; }

  const std::vector<cipher_info>& ciphers() const noexcept override { return table_.infos(); }

  result<std::unique_ptr<cipher_context>> make_context(std::string_view cipher,
                                                       bytes_view key) const override {
    auto info = detail::check_context_args(*this, cipher, key);
    if (!info)
      return info.err();
    return table_.entry(**info)(**info, key);
  }

 private:
  detail::cipher_table<context_factory> table_;
};

} // namespace

std::unique_ptr<backend> make_nettle_backend() {
  return std::make_unique<nettle_backend>();
}

} // namespace actorbench::crypto
