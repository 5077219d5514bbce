#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "crypto/bytes.hpp"
#include "crypto/error.hpp"

namespace actorbench::crypto {

/// What kind of key to generate.
enum class key_algorithm {
  /// An RSA key pair of the requested modulus size.
  rsa,
  /// DH domain parameters: a safe prime modulus of the requested size with
  /// generator 2 ("DH modulus generation"), not a key pair on fixed
  /// parameters.
  dh,
  /// An ECDH/ECDSA key pair on NIST P-256 or P-384.
  ec,
  /// An X25519 key-agreement key pair.
  x25519,
  /// An Ed25519 signing key pair.
  ed25519,
};

/// Stable lower-case name, e.g. "rsa"; parse() reads it back.
std::string_view to_string(key_algorithm algo) noexcept;

/// The algorithm named `name` (case-sensitive, as printed by to_string).
std::optional<key_algorithm> parse_key_algorithm(std::string_view name) noexcept;

/// Whether `algo` takes a size at all (x25519 and ed25519 do not).
bool has_key_size(key_algorithm algo) noexcept;

/// What one generator produces.
struct keygen_request {
  key_algorithm algo = key_algorithm::rsa;
  /// RSA modulus bits (512..16384), DH prime bits (512..8192), EC curve bits
  /// (256 or 384); ignored for x25519 and ed25519.
  std::size_t bits = 2048;
  /// A key generation back-end (key_generation_backends()): "openssl",
  /// "sodium" (x25519 and ed25519 only), or a further library.
  std::string backend = "openssl";
};

/// The key generation back-ends this build has, "openssl" and "sodium"
/// first, then the further libraries found at build time.
std::vector<std::string> key_generation_backends();

/// "rsa-2048 (openssl)", "x25519 (sodium)".
std::string describe(const keygen_request& request);

/// One generated key, an opaque owning handle: an OpenSSL EVP_PKEY, a
/// libsodium key pair, or another library's key in an encoding OpenSSL reads
/// (crypto/foreign_key.hpp); secret bytes outside OpenSSL are wiped on
/// destruction. Move-only.
class generated_key {
 public:
  /// The back-end's representation, defined in a private header (key_state.hpp) so that no
  /// public header mentions OpenSSL or libsodium types.
  struct state;

  generated_key() noexcept;
  explicit generated_key(std::unique_ptr<state> s) noexcept;
  generated_key(generated_key&&) noexcept;
  generated_key& operator=(generated_key&&) noexcept;
  ~generated_key();

  /// False for a default-constructed or moved-from handle.
  explicit operator bool() const noexcept { return state_ != nullptr; }

  const state* get() const noexcept { return state_.get(); }

 private:
  std::unique_ptr<state> state_;
};

/// Generates keys of one request. Everything the library needs (the OpenSSL
/// EVP_PKEY_CTX with its algorithm and parameters) is fetched and set once
/// when the generator is made; generate() only runs the generation. Not
/// thread-safe: one per worker. Generators share no mutable state, so
/// generators on different threads never wait for each other.
class key_generator {
 public:
  virtual ~key_generator() = default;

  /// What this generator was made for.
  virtual const keygen_request& request() const noexcept = 0;

  /// Generates one key (for DH: one set of safe-prime parameters). Fails
  /// with errc::backend_failure, including when cancelled (see set_cancel_flag).
  virtual result<generated_key> generate() = 0;

  /// Checks `key`, which must come from a generator of the same request:
  /// RSA: pairwise consistency and a full key check, and the modulus size;
  /// DH: the parameter check (p prime and (p - 1) / 2 prime), and the size;
  /// EC, X25519: a shared secret with a freshly generated peer key is the
  /// same in both directions (EC: plus the key check);
  /// Ed25519: a signature verifies and a tampered one is rejected.
  /// True if it passed, false if a check failed, an error if the checks
  /// could not be run.
  virtual result<bool> validate(const generated_key& key) = 0;

  /// When `flag` becomes true, a generation in progress stops early (OpenSSL
  /// RSA and DH poll it between prime candidates) and fails. The others are
  /// too short to need it. Null: not cancellable. `flag` must outlive the
  /// generator's use.
  void set_cancel_flag(const std::atomic<bool>* flag) noexcept { cancel_ = flag; }

 protected:
  bool cancelled() const noexcept {
    return cancel_ != nullptr && cancel_->load(std::memory_order_relaxed);
  }

 private:
  const std::atomic<bool>* cancel_ = nullptr;
};

/// A generator for `request`, or errc::unknown_backend (not one of
/// key_generation_backends(), all named in the message), errc::unknown_cipher (the back-end has no
/// such algorithm, e.g. sodium RSA), errc::bad_key_length (size outside the algorithm's range),
/// errc::backend_failure (the library refused to set up).
result<std::unique_ptr<key_generator>> make_key_generator(const keygen_request& request);

/// The private key as PEM (PKCS#8; for DH the parameters, which is all a DH
/// "key" is here; foreign keys too, read through OpenSSL); for libsodium key pairs "secret_key
/// <hex>" and "public_key <hex>" lines. Empty for an empty handle or on failure. For --dump-keys
/// only.
std::string to_pem(const generated_key& key);

/// Ed25519 signature of `message` with `key` (OpenSSL, libsodium or
/// foreign); errc::bad_input for other keys.
result<bytes> sign(const generated_key& key, bytes_view message);

/// Whether `signature` is a valid Ed25519 signature of `message` by `key`;
/// errc::bad_input for other keys.
result<bool> verify(const generated_key& key, bytes_view message, bytes_view signature);

} // namespace actorbench::crypto
