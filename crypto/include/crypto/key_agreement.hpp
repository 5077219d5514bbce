#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "crypto/bytes.hpp"
#include "crypto/error.hpp"
#include "crypto/secret.hpp"

namespace actorbench::crypto {

/// An X25519 key pair: 32-byte public and secret keys.
struct key_pair {
  bytes public_key;
  bytes secret_key;
};

/// A SHA-256 digest (also the handshake's transcript hash, chaining key and
/// message keys): it wipes itself, so no key derived in a handshake outlives
/// the object holding it.
using digest = secret_array<32>;

class key_agreement;

/// A long-term secret key in one library's own form, made once by
/// key_agreement::prepare() for a key used in many DHs (a server's static
/// key): OpenSSL otherwise loads the secret again for every DH, and loading
/// an X25519 secret computes its public key, one more scalar multiplication.
/// Immutable; it wipes the secret when destroyed.
class prepared_secret {
 public:
  virtual ~prepared_secret() = default;
  /// The key agreement that made it; dh() uses it with that one only.
  const key_agreement* owner() const noexcept { return owner_; }

 protected:
  explicit prepared_secret(const key_agreement* owner) noexcept : owner_(owner) {}

 private:
  const key_agreement* owner_;
};

/// A fresh key pair with its secret also in the library's own form, for the
/// DHs of one handshake: OpenSSL's key generation makes an EVP_PKEY anyway,
/// and keeping it saves loading the secret (and recomputing its public key)
/// at each DH. Destroying `prepared` wipes its copy; wipe keys.secret_key.
struct prepared_key_pair {
  key_pair keys;
  /// Null when the library gains nothing from one (libsodium).
  std::shared_ptr<const prepared_secret> prepared;
};

/// The primitives of a Noise-shaped handshake in one library: X25519,
/// SHA-256, HMAC-SHA256 (HKDF is built on it, the same for every library)
/// and ChaCha20-Poly1305 (IETF, 12-byte nonce, 16-byte tag) with associated
/// data. Every implementation computes the same functions, so the two ends of
/// a session may use different libraries. Stateless and thread-safe.
class key_agreement {
 public:
  /// X25519 key and shared-secret length.
  static constexpr std::size_t key_size = 32;
  /// ChaCha20-Poly1305 nonce and tag lengths.
  static constexpr std::size_t nonce_size = 12;
  static constexpr std::size_t tag_size = 16;

  virtual ~key_agreement() = default;

  /// Registry key, "sodium" or "openssl".
  virtual std::string_view name() const noexcept = 0;

  /// Whether the library initialised.
  virtual bool is_available() const noexcept = 0;

  /// Fills `out` with `size` bytes from the library's random generator;
  /// false if the generator failed (it could not be seeded).
  [[nodiscard]] virtual bool random(std::uint8_t* out, std::size_t size) const = 0;

  /// A fresh key pair from the library's random generator.
  virtual result<key_pair> generate() const = 0;

  /// generate() with the secret prepared as prepare() would, without loading
  /// it again where the library's generator already holds it in that form.
  virtual result<prepared_key_pair> generate_prepared() const;

  /// X25519(secret, peer_public). Errors: bad_key_length, bad_input when the
  /// result is all zeros (a low-order peer key, which would make the secret
  /// known to anyone, or the library refused the key).
  result<bytes> dh(bytes_view secret, bytes_view peer_public) const;

  /// `secret` (32 bytes) in the library's own form, for dh() to use it many
  /// times; nullptr when the library gains nothing from one (libsodium).
  /// Errors: bad_key_length, crypto_failure.
  virtual result<std::shared_ptr<const prepared_secret>> prepare(bytes_view secret) const;

  /// dh(secret, peer_public) computed with `prepared` when it is this
  /// object's (from prepare(secret)), else from the bytes of `secret`.
  result<bytes> dh(const prepared_secret* prepared, bytes_view secret,
                   bytes_view peer_public) const;

  /// SHA-256 of `a` followed by `b` (Noise's MixHash). Errors:
  /// backend_failure when the library reports one (never a made-up digest).
  virtual result<digest> hash(bytes_view a, bytes_view b = {}) const = 0;

  /// HMAC-SHA256 of `data` under `key`. Errors: backend_failure, as hash().
  virtual result<digest> hmac(bytes_view key, bytes_view data) const = 0;

  /// Encrypts `plaintext` into `out` (plaintext.size + tag_size bytes) and
  /// authenticates `ad` with it. Errors: bad_key_length, bad_nonce_length.
  result<std::size_t> seal(bytes_view key, bytes_view nonce, bytes_view ad, bytes_view plaintext,
                           std::uint8_t* out) const;

  /// Verifies and decrypts `ciphertext` (with its tag) into `out`
  /// (ciphertext.size - tag_size bytes); on any error `out` holds zeros, never
  /// unverified plaintext. Errors: authentication_failed,
  /// bad_input (shorter than a tag), bad_key_length, bad_nonce_length.
  result<std::size_t> open(bytes_view key, bytes_view nonce, bytes_view ad, bytes_view ciphertext,
                           std::uint8_t* out) const;

  /// HKDF-SHA256 with two outputs, as Noise uses it: the salt is
  /// `chaining_key`, the input keying material `ikm`, the info empty.
  /// Errors: hmac()'s, so a failing HMAC fails the caller instead of
  /// deriving keys from a digest of zeros.
  result<std::pair<digest, digest>> hkdf2(const digest& chaining_key, bytes_view ikm) const;

 protected:
  /// X25519 into `shared` (32 bytes) of arguments whose lengths dh() checked;
  /// false if the library refused (dh() then reports a low-order key).
  virtual bool raw_dh(const std::uint8_t* secret, const std::uint8_t* peer_public,
                      std::uint8_t* shared) const = 0;

  /// raw_dh() with a secret this object prepared; only libraries whose
  /// prepare() returns one override it.
  virtual bool raw_dh_prepared(const prepared_secret& secret, const std::uint8_t* peer_public,
                               std::uint8_t* shared) const;

  /// seal() and open() once the key and nonce lengths are checked (and,
  /// for open, the input holds a tag); open returns false when the tag
  /// does not verify.
  virtual result<std::size_t> raw_seal(bytes_view key, bytes_view nonce, bytes_view ad,
                                       bytes_view plaintext, std::uint8_t* out) const = 0;
  virtual result<bool> raw_open(bytes_view key, bytes_view nonce, bytes_view ad,
                                bytes_view ciphertext, std::uint8_t* out) const = 0;
};

/// Overwrites `secret` with zeros in a way the compiler keeps, then empties it.
void wipe(bytes& secret) noexcept;

/// Overwrites a key held as a digest (a chaining or message key) with zeros.
void wipe(digest& secret) noexcept;

/// The key agreement implemented with `name` ("sodium" or "openssl"); the
/// objects live as long as the process. Errors: unknown_backend naming the
/// valid names, cipher_unavailable when the library did not initialise.
result<const key_agreement*> find_key_agreement(std::string_view name);

/// The libraries' key agreements (defined in their own files).
const key_agreement& sodium_key_agreement();
const key_agreement& openssl_key_agreement();

} // namespace actorbench::crypto
