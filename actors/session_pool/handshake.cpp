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

constexpr std::string_view protocol_name = "actorbench NK X25519 ChaChaPoly SHA256 v1";
// Each key from mix_key encrypts one message, so its nonce is always 0.
constexpr std::array<std::uint8_t, key_agreement::nonce_size> zero_nonce{};
constexpr std::size_t message_header = 2;
constexpr std::size_t dh_size = key_agreement::key_size;

error handshake_error(errc code, std::string detail) {
  return error{code, std::move(detail)};
}

bytes_view view(const digest& d) noexcept {
  return {d.data(), d.size()};
}

void mix_hash(const key_agreement& ka, handshake_state& st, bytes_view data) {
  st.h = ka.hash(view(st.h), data);
}

// The state both sides start from: the protocol name, then the server's
// static key (NK's pre-message), hashed in.
handshake_state initial_state(const key_agreement& ka, bytes_view server_public) {
  handshake_state st;
  st.h = ka.hash(protocol_name);
  st.ck = st.h;
  mix_hash(ka, st, server_public);
  return st;
}

// Chains a DH result into the chaining key and returns the message key.
digest mix_key(const key_agreement& ka, handshake_state& st, bytes_view shared) {
  auto [ck, k] = ka.hkdf2(st.ck, shared);
  st.ck = ck;
  return k;
}

// Hashes a message's header and ephemeral key, the part before its payload.
void mix_prefix(const key_agreement& ka, handshake_state& st, bytes_view message) {
  mix_hash(ka, st, {message.data, message_header});
  mix_hash(ka, st, {message.data + message_header, dh_size});
}

bool well_formed(bytes_view in, std::uint8_t type, std::size_t min, std::size_t max) noexcept {
  return in.data != nullptr && in.size >= min && in.size <= max && in.data[0] == type
         && in.data[1] == handshake_version;
}

session_keys split(const key_agreement& ka, const handshake_state& st, bool client) {
  auto [first, second] = ka.hkdf2(st.ck, {});
  session_keys keys;
  keys.send.assign(first.begin(), first.end());
  keys.receive.assign(second.begin(), second.end());
  if (!client)
    std::swap(keys.send, keys.receive);
  keys.transcript = st.h;
  return keys;
}

// The reply: the server's ephemeral key, then an empty payload under the
// key of ee; the tag proves the server computed es, so holds the secret.
result<bytes> make_reply(const key_agreement& ka, handshake_state& st, bytes_view client_e) {
  auto e = ka.generate_prepared();
  if (!e)
    return handshake_error(errc::crypto_failure, e.err().detail);
  bytes reply(reply_size);
  reply[0] = reply_type;
  reply[1] = handshake_version;
  std::copy(e->keys.public_key.begin(), e->keys.public_key.end(), reply.begin() + message_header);
  mix_prefix(ka, st, reply);
  auto ee = ka.dh(e->prepared.get(), e->keys.secret_key, client_e);
  crypto::wipe(e->keys.secret_key);
  e->prepared.reset();
  if (!ee)
    return handshake_error(errc::authentication_failed, "hello: " + ee.err().detail);
  digest k = mix_key(ka, st, *ee);
  crypto::wipe(*ee);
  auto sealed = ka.seal(view(k), {zero_nonce.data(), zero_nonce.size()}, view(st.h), {},
                        reply.data() + message_header + dh_size);
  crypto::wipe(k);
  if (!sealed)
    return handshake_error(errc::crypto_failure, sealed.err().detail);
  mix_hash(ka, st, {reply.data() + message_header + dh_size, key_agreement::tag_size});
  return reply;
}

} // namespace

std::optional<client_hello_view> parse_client_hello(bytes_view in) noexcept {
  if (!well_formed(in, hello_type, hello_min_size, hello_max_size))
    return std::nullopt;
  return client_hello_view{
    {in.data + message_header, dh_size},
    {in.data + message_header + dh_size, in.size - message_header - dh_size}};
}

std::optional<server_reply_view> parse_server_reply(bytes_view in) noexcept {
  if (!well_formed(in, reply_type, reply_size, reply_size))
    return std::nullopt;
  return server_reply_view{{in.data + message_header, dh_size},
                           {in.data + message_header + dh_size, key_agreement::tag_size}};
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
  if (server_public.size != dh_size)
    return handshake_error(
      errc::bad_parameter,
      "server public key of " + std::to_string(server_public.size) + " bytes (valid: 32)");
  if (token.size > max_token_size)
    return handshake_error(errc::bad_parameter, "connect token of " + std::to_string(token.size)
                                                  + " bytes (valid: at most "
                                                  + std::to_string(max_token_size) + ")");
  client_handshake hs;
  hs.ka_ = &ka;
  hs.state_ = initial_state(ka, server_public);
  auto e = ka.generate_prepared();
  if (!e)
    return handshake_error(errc::crypto_failure, e.err().detail);
  hs.ephemeral_ = std::move(*e);
  const crypto::key_pair& own = hs.ephemeral_.keys;
  hs.hello_.assign(hello_min_size + token.size, 0);
  hs.hello_[0] = hello_type;
  hs.hello_[1] = handshake_version;
  std::copy(own.public_key.begin(), own.public_key.end(), hs.hello_.begin() + message_header);
  mix_prefix(ka, hs.state_, hs.hello_);
  auto es = ka.dh(hs.ephemeral_.prepared.get(), own.secret_key, server_public);
  if (!es)
    return handshake_error(errc::bad_parameter, "server public key: " + es.err().detail);
  digest k = mix_key(ka, hs.state_, *es);
  crypto::wipe(*es);
  std::uint8_t* payload = hs.hello_.data() + message_header + dh_size;
  auto sealed =
    ka.seal(view(k), {zero_nonce.data(), zero_nonce.size()}, view(hs.state_.h), token, payload);
  crypto::wipe(k);
  if (!sealed)
    return handshake_error(errc::crypto_failure, sealed.err().detail);
  mix_hash(ka, hs.state_, {payload, *sealed});
  return hs;
}

result<session_keys> client_handshake::finish(bytes_view server_reply) {
  if (ephemeral_.keys.secret_key.empty())
    return handshake_error(errc::bad_parameter, "client handshake finished already");
  auto reply = parse_server_reply(server_reply);
  if (!reply)
    return handshake_error(errc::malformed_input, "server reply of "
                                                    + std::to_string(server_reply.size)
                                                    + " bytes is not a reply (type 2, version 1, "
                                                    + std::to_string(reply_size) + " bytes)");
  const key_agreement& ka = *ka_;
  handshake_state st = state_;
  mix_prefix(ka, st, server_reply);
  // A reply that fails leaves the handshake as it was: on UDP anyone can
  // inject a well-formed reply, and that must not end the real one.
  auto ee = ka.dh(ephemeral_.prepared.get(), ephemeral_.keys.secret_key, reply->ephemeral);
  if (!ee)
    return handshake_error(errc::authentication_failed, "server reply: " + ee.err().detail);
  digest k = mix_key(ka, st, *ee);
  crypto::wipe(*ee);
  std::uint8_t none[1];
  const bool verified = static_cast<bool>(
    ka.open(view(k), {zero_nonce.data(), zero_nonce.size()}, view(st.h), reply->tag, none));
  crypto::wipe(k);
  if (!verified)
    return handshake_error(errc::authentication_failed,
                           "server reply did not verify (another server key, or tampered)");
  forget_ephemeral();
  mix_hash(ka, st, reply->tag);
  return split(ka, st, true);
}

void client_handshake::forget_ephemeral() noexcept {
  crypto::wipe(ephemeral_.keys.secret_key);
  ephemeral_.prepared.reset();
}

client_handshake& client_handshake::operator=(client_handshake&& other) noexcept {
  if (this != &other) {
    forget_ephemeral();
    ka_ = other.ka_;
    state_ = other.state_;
    ephemeral_ = std::move(other.ephemeral_);
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
  auto parsed = parse_client_hello(hello);
  if (!parsed)
    return handshake_error(errc::malformed_input, "hello of " + std::to_string(hello.size)
                                                    + " bytes is not a hello (type 1, version 1, "
                                                    + std::to_string(hello_min_size) + " to "
                                                    + std::to_string(hello_max_size) + " bytes)");
  handshake_state st = initial_state(ka, identity.public_key);
  mix_prefix(ka, st, hello);
  auto es = ka.dh(identity.prepared.get(), identity.secret_key, parsed->ephemeral);
  if (!es)
    return handshake_error(errc::authentication_failed, "hello: " + es.err().detail);
  digest k = mix_key(ka, st, *es);
  crypto::wipe(*es);
  std::array<std::uint8_t, max_token_size> token{};
  auto opened = ka.open(view(k), {zero_nonce.data(), zero_nonce.size()}, view(st.h),
                        parsed->sealed_token, token.data());
  crypto::wipe(k);
  if (!opened)
    return handshake_error(errc::authentication_failed,
                           "hello did not verify (meant for another server key, or tampered)");
  mix_hash(ka, st, parsed->sealed_token);
  accepted_client out;
  if (verifier != nullptr) {
    if (*opened == 0)
      return handshake_error(errc::authentication_failed,
                             "hello without the connect token this server requires");
    auto fields = verifier->accept({token.data(), *opened}, now_unix_s);
    if (!fields)
      return fields.err();
    out.token = std::move(*fields);
  }
  auto reply = make_reply(ka, st, parsed->ephemeral);
  if (!reply)
    return reply.err();
  out.reply = std::move(*reply);
  out.keys = split(ka, st, false);
  return out;
}

} // namespace actorbench::actors
