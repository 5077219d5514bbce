#include "actors/session_pool/handshake.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>

namespace actorbench::actors {

namespace {

using crypto::bytes;
using crypto::bytes_view;
using crypto::digest;
using crypto::key_agreement;

constexpr std::string_view nk_name = "Noise_NK_25519_ChaChaPoly_SHA256";
constexpr std::string_view ik_name = "Noise_IK_25519_ChaChaPoly_SHA256";
constexpr std::uint8_t prologue_bytes[] = {'a', 'c', 't', 'o', 'r', 'b', 'e',
                                           'n', 'c', 'h', ' ', 'h', 'a', 'n',
                                           'd', 's', 'h', 'a', 'k', 'e', handshake_version};
// Each key from MixKey encrypts one message part in these two patterns, so
// Noise's nonce n is always 0 (4 zero bytes || 64-bit little-endian n).
constexpr std::array<std::uint8_t, key_agreement::nonce_size> zero_nonce{};
constexpr std::size_t dh_size = key_agreement::key_size;
constexpr std::size_t tag_size = key_agreement::tag_size;

error handshake_error(errc code, std::string detail) {
  return error{code, std::move(detail)};
}

bytes_view view(const digest& d) noexcept {
  return {d.data(), d.size()};
}

// Noise's SymmetricState for one side's handshake. Every step reports a
// failing primitive: the first failure is kept and later steps do nothing,
// so a handshake never goes on from a digest or key a library did not make.
class noise_state {
 public:
  noise_state(const key_agreement& ka, handshake_state& st) : ka_(ka), st_(st) {}

  // InitializeSymmetric(name), MixHash(prologue), then the pre-message: the
  // responder's static key (NK and IK alike).
  bool initialize(handshake_pattern pattern, bytes_view prologue, bytes_view responder_static) {
    const std::string_view name = protocol_name(pattern);
    // Names of at most 32 bytes are padded with zeros, longer ones hashed
    // (both of ours are exactly 32).
    if (name.size() <= st_.h.size()) {
      st_.h.fill(0);
      std::copy(name.begin(), name.end(), st_.h.begin());
    } else {
      auto d = ka_.hash(name);
      if (!d)
        return fail(errc::crypto_failure, d.err().detail);
      st_.h = *d;
    }
    st_.ck = st_.h;
    return mix_hash(prologue) && mix_hash(responder_static);
  }

  bool mix_hash(bytes_view data) {
    if (failure_)
      return false;
    auto d = ka_.hash(view(st_.h), data);
    if (!d)
      return fail(errc::crypto_failure, "MixHash: " + d.err().detail);
    st_.h = *d;
    return true;
  }

  // MixKey(DH(secret, peer)): `what` names the DH in an error.
  bool mix_dh(const crypto::prepared_secret* prepared, bytes_view secret, bytes_view peer,
              errc code, const std::string& what) {
    if (failure_)
      return false;
    auto shared = ka_.dh(prepared, secret, peer);
    if (!shared)
      return fail(code, what + ": " + shared.err().detail);
    auto keys = ka_.hkdf2(st_.ck, *shared);
    crypto::wipe(*shared);
    if (!keys)
      return fail(errc::crypto_failure, "MixKey: " + keys.err().detail);
    st_.ck = keys->first;
    k_ = keys->second;
    return true;
  }

  // EncryptAndHash into `out` (plain.size + 16 bytes).
  bool encrypt_and_hash(bytes_view plain, std::uint8_t* out) {
    if (failure_)
      return false;
    auto n = ka_.seal(view(k_), {zero_nonce.data(), zero_nonce.size()}, view(st_.h), plain, out);
    if (!n)
      return fail(errc::crypto_failure, n.err().detail);
    return mix_hash({out, *n});
  }

  // DecryptAndHash into `out` (sealed.size - 16 bytes, zeros on failure).
  bool decrypt_and_hash(bytes_view sealed, std::uint8_t* out, const std::string& what) {
    if (failure_)
      return false;
    auto n = ka_.open(view(k_), {zero_nonce.data(), zero_nonce.size()}, view(st_.h), sealed, out);
    if (!n)
      return fail(n.err().code == crypto::errc::authentication_failed ? errc::authentication_failed
                                                                      : errc::crypto_failure,
                  what);
    return mix_hash(sealed);
  }

  // Split(): the initiator sends with the first key.
  std::optional<session_keys> split(bool initiator) {
    if (failure_)
      return std::nullopt;
    auto keys = ka_.hkdf2(st_.ck, {});
    if (!keys) {
      fail(errc::crypto_failure, "Split: " + keys.err().detail);
      return std::nullopt;
    }
    session_keys out;
    out.send.assign(keys->first.begin(), keys->first.end());
    out.receive.assign(keys->second.begin(), keys->second.end());
    if (!initiator)
      std::swap(out.send, out.receive);
    std::copy(st_.h.begin(), st_.h.end(), out.transcript.begin());
    return out;
  }

  bool fail(errc code, std::string detail) {
    if (!failure_)
      failure_ = handshake_error(code, std::move(detail));
    return false;
  }

  error failure() const {
    return failure_ ? *failure_ : handshake_error(errc::crypto_failure, "?");
  }

 private:
  const key_agreement& ka_;
  handshake_state& st_;
  digest k_;
  std::optional<error> failure_;
};

std::uint8_t hello_type_of(handshake_pattern pattern) noexcept {
  return pattern == handshake_pattern::ik ? ik_hello_type : hello_type;
}

// Compares two public keys in time independent of where they differ.
bool same_key(const bytes& a, const bytes& b) noexcept {
  if (a.size() != dh_size || b.size() != dh_size)
    return false;
  std::uint8_t diff = 0;
  for (std::size_t i = 0; i < dh_size; ++i)
    diff |= static_cast<std::uint8_t>(a[i] ^ b[i]);
  return diff == 0;
}

std::string size_error(std::string_view what, std::size_t size) {
  return std::string(what) + " of " + std::to_string(size) + " bytes is not one";
}

} // namespace

std::string_view protocol_name(handshake_pattern pattern) noexcept {
  return pattern == handshake_pattern::ik ? ik_name : nk_name;
}

bytes_view default_prologue() noexcept {
  return {prologue_bytes, sizeof prologue_bytes};
}

std::optional<client_hello_view> parse_client_hello(bytes_view in) noexcept {
  if (in.data == nullptr || in.size < framing_size || in.data[1] != handshake_version)
    return std::nullopt;
  client_hello_view v;
  std::size_t fixed = 0;
  if (in.data[0] == hello_type) {
    v.pattern = handshake_pattern::nk;
    fixed = hello_min_size;
  } else if (in.data[0] == ik_hello_type) {
    v.pattern = handshake_pattern::ik;
    fixed = ik_hello_min_size;
  } else {
    return std::nullopt;
  }
  if (in.size < fixed || in.size > fixed + max_token_size)
    return std::nullopt;
  const std::uint8_t* p = in.data + framing_size;
  v.ephemeral = {p, dh_size};
  p += dh_size;
  if (v.pattern == handshake_pattern::ik) {
    v.sealed_static = {p, dh_size + tag_size};
    p += dh_size + tag_size;
  }
  v.sealed_token = {p, static_cast<std::size_t>(in.data + in.size - p)};
  return v;
}

std::optional<server_reply_view> parse_server_reply(bytes_view in) noexcept {
  if (in.data == nullptr || in.size < reply_size || in.size > reply_size + max_reply_payload
      || in.data[0] != reply_type || in.data[1] != handshake_version)
    return std::nullopt;
  return server_reply_view{{in.data + framing_size, dh_size},
                           {in.data + framing_size + dh_size, in.size - framing_size - dh_size}};
}

result<server_identity> server_identity::generate(const key_agreement& ka) {
  auto kp = ka.generate();
  if (!kp)
    return handshake_error(errc::crypto_failure, kp.err().detail);
  auto prepared = ka.prepare(kp->secret_key);
  if (!prepared)
    return handshake_error(errc::crypto_failure, prepared.err().detail);
  return server_identity{std::move(kp->public_key), std::move(kp->secret_key),
                         std::move(*prepared)};
}

result<client_handshake> client_handshake::begin(const key_agreement& ka, bytes_view server_public,
                                                 bytes_view token) {
  return begin(ka, server_public, token, client_options{});
}

result<client_handshake> client_handshake::begin(const key_agreement& ka, bytes_view server_public,
                                                 bytes_view token, const client_options& options) {
  if (server_public.size != dh_size)
    return handshake_error(
      errc::bad_parameter,
      "server public key of " + std::to_string(server_public.size) + " bytes (valid: 32)");
  if (token.size > max_token_size)
    return handshake_error(errc::bad_parameter, "connect token of " + std::to_string(token.size)
                                                  + " bytes (valid: at most "
                                                  + std::to_string(max_token_size) + ")");
  const bool ik = options.pattern == handshake_pattern::ik;
  if (ik
      && (options.static_keys == nullptr || options.static_keys->public_key.size() != dh_size
          || options.static_keys->secret_key.size() != dh_size))
    return handshake_error(errc::bad_parameter,
                           "an IK handshake needs the client's static key pair (32 bytes each)");
  client_handshake hs;
  hs.ka_ = &ka;
  noise_state noise(ka, hs.state_);
  noise.initialize(options.pattern, options.prologue, server_public);
  auto e = ka.generate_prepared();
  if (!e)
    return handshake_error(errc::crypto_failure, e.err().detail);
  hs.ephemeral_ = std::move(*e);
  const crypto::key_pair& own = hs.ephemeral_.keys;
  const std::size_t fixed = ik ? ik_hello_min_size : hello_min_size;
  hs.hello_.assign(fixed + token.size, 0);
  hs.hello_[0] = hello_type_of(options.pattern);
  hs.hello_[1] = handshake_version;
  std::uint8_t* p = hs.hello_.data() + framing_size;
  std::copy(own.public_key.begin(), own.public_key.end(), p);
  noise.mix_hash({p, dh_size});
  p += dh_size;
  noise.mix_dh(hs.ephemeral_.prepared.get(), own.secret_key, server_public, errc::bad_parameter,
               "server public key");
  if (ik) {
    noise.encrypt_and_hash(options.static_keys->public_key, p);
    p += dh_size + tag_size;
    noise.mix_dh(nullptr, options.static_keys->secret_key, server_public, errc::bad_parameter,
                 "server public key");
    hs.static_secret_ = options.static_keys->secret_key;
  }
  if (!noise.encrypt_and_hash(token, p))
    return noise.failure();
  return hs;
}

result<session_keys> client_handshake::finish(bytes_view server_reply, bytes* payload) {
  if (ephemeral_.keys.secret_key.empty())
    return handshake_error(errc::bad_parameter, "client handshake finished already");
  auto reply = parse_server_reply(server_reply);
  if (!reply)
    return handshake_error(errc::malformed_input,
                           size_error("server reply", server_reply.size) + " (type 2, version 2, "
                             + std::to_string(reply_size) + " to "
                             + std::to_string(reply_size + max_reply_payload) + " bytes)");
  // A reply that fails leaves the handshake as it was: on UDP anyone can
  // inject a well-formed reply, and that must not end the real one.
  handshake_state st = state_;
  noise_state noise(*ka_, st);
  noise.mix_hash(reply->ephemeral);
  noise.mix_dh(ephemeral_.prepared.get(), ephemeral_.keys.secret_key, reply->ephemeral,
               errc::authentication_failed, "server reply");
  if (!static_secret_.empty())
    noise.mix_dh(nullptr, static_secret_, reply->ephemeral, errc::authentication_failed,
                 "server reply");
  crypto::secret_array<max_reply_payload> plain;
  const std::size_t plain_size = reply->tag.size - tag_size;
  if (!noise.decrypt_and_hash(reply->tag, plain.data(),
                              "server reply did not verify (another server key, or tampered)"))
    return noise.failure();
  auto keys = noise.split(true);
  if (!keys)
    return noise.failure();
  forget_ephemeral();
  if (payload != nullptr)
    payload->assign(plain.begin(), plain.begin() + static_cast<std::ptrdiff_t>(plain_size));
  return std::move(*keys);
}

void client_handshake::forget_ephemeral() noexcept {
  crypto::wipe(ephemeral_.keys.secret_key);
  crypto::wipe(static_secret_);
  ephemeral_.prepared.reset();
}

client_handshake& client_handshake::operator=(client_handshake&& other) noexcept {
  if (this != &other) {
    forget_ephemeral();
    ka_ = other.ka_;
    state_ = other.state_;
    ephemeral_ = std::move(other.ephemeral_);
    static_secret_ = std::move(other.static_secret_);
    hello_ = std::move(other.hello_);
  }
  return *this;
}

client_handshake::~client_handshake() {
  forget_ephemeral();
}

result<accepted_client> respond(const key_agreement& ka, const server_identity& identity,
                                bytes_view hello, token_verifier* verifier,
                                std::uint64_t now_unix_s) {
  return respond(ka, identity, hello, verifier, now_unix_s, server_options{});
}

result<accepted_client> respond(const key_agreement& ka, const server_identity& identity,
                                bytes_view hello, token_verifier* verifier,
                                std::uint64_t now_unix_s, const server_options& options) {
  const bool ik = options.pattern == handshake_pattern::ik;
  if (ik && (options.known_clients == nullptr || options.known_clients->empty()))
    return handshake_error(errc::bad_parameter, "an IK server needs the clients' static keys");
  if (options.reply_payload.size > max_reply_payload)
    return handshake_error(errc::bad_parameter,
                           "reply payload of " + std::to_string(options.reply_payload.size)
                             + " bytes (valid: at most " + std::to_string(max_reply_payload) + ")");
  auto parsed = parse_client_hello(hello);
  if (!parsed || parsed->pattern != options.pattern) {
    const std::size_t fixed = ik ? ik_hello_min_size : hello_min_size;
    return handshake_error(errc::malformed_input,
                           size_error("hello", hello.size) + " (type "
                             + std::to_string(hello_type_of(options.pattern)) + ", version 2, "
                             + std::to_string(fixed) + " to "
                             + std::to_string(fixed + max_token_size) + " bytes)");
  }
  handshake_state st;
  noise_state noise(ka, st);
  noise.initialize(options.pattern, options.prologue, identity.public_key);
  noise.mix_hash(parsed->ephemeral);
  noise.mix_dh(identity.prepared.get(), identity.secret_key, parsed->ephemeral,
               errc::authentication_failed, "hello");
  accepted_client out;
  if (ik) {
    crypto::secret_array<dh_size> client_static;
    noise.decrypt_and_hash(parsed->sealed_static, client_static.data(),
                           "hello did not verify (meant for another server key, or tampered)");
    noise.mix_dh(identity.prepared.get(), identity.secret_key, {client_static.data(), dh_size},
                 errc::authentication_failed, "hello's static key");
    out.client_static.assign(client_static.begin(), client_static.end());
  }
  crypto::secret_array<max_token_size> token;
  const std::size_t token_size = parsed->sealed_token.size - tag_size;
  if (!noise.decrypt_and_hash(parsed->sealed_token, token.data(),
                              "hello did not verify (meant for another server key, or tampered)"))
    return noise.failure();
  if (ik) {
    // Only now, with the payload verified under ss, is the key proven held.
    bool known = false;
    for (const bytes& k : *options.known_clients)
      known |= same_key(k, out.client_static);
    if (!known)
      return handshake_error(errc::authentication_failed,
                             "hello from a client static key this server does not know");
  }
  if (verifier != nullptr) {
    if (token_size == 0)
      return handshake_error(errc::authentication_failed,
                             "hello without the connect token this server requires");
    auto fields = verifier->accept({token.data(), token_size}, now_unix_s);
    if (!fields)
      return fields.err();
    out.token = std::move(*fields);
  } else {
    out.payload.assign(token.begin(), token.begin() + static_cast<std::ptrdiff_t>(token_size));
  }
  // The reply: e, ee (and se for IK), then the payload; its tag proves the
  // server computed es, so holds the static secret.
  auto e = ka.generate_prepared();
  if (!e)
    return handshake_error(errc::crypto_failure, e.err().detail);
  bytes reply(reply_size + options.reply_payload.size);
  reply[0] = reply_type;
  reply[1] = handshake_version;
  std::uint8_t* p = reply.data() + framing_size;
  std::copy(e->keys.public_key.begin(), e->keys.public_key.end(), p);
  noise.mix_hash({p, dh_size});
  noise.mix_dh(e->prepared.get(), e->keys.secret_key, parsed->ephemeral,
               errc::authentication_failed, "hello");
  if (ik)
    noise.mix_dh(e->prepared.get(), e->keys.secret_key, out.client_static,
                 errc::authentication_failed, "hello's static key");
  crypto::wipe(e->keys.secret_key);
  e->prepared.reset();
  if (!noise.encrypt_and_hash(options.reply_payload, p + dh_size))
    return noise.failure();
  auto keys = noise.split(false);
  if (!keys)
    return noise.failure();
  out.reply = std::move(reply);
  out.keys = std::move(*keys);
  return out;
}

} // namespace actorbench::actors
