#include <algorithm>
#include <string>
#include <utility>

#include "actors/session_pool/handshake.hpp"
#include "session_pool/handshake_wire.hpp"
#include "session_pool/noise_state.hpp"

namespace actorbench::actors {

namespace {

// Compares two public keys in time independent of where they differ.
bool same_key(const crypto::bytes& a, const crypto::bytes& b) noexcept {
  if (a.size() != dh_size || b.size() != dh_size)
    return false;
  std::uint8_t diff = 0;
  for (std::size_t i = 0; i < dh_size; ++i)
    diff |= static_cast<std::uint8_t>(a[i] ^ b[i]);
  return diff == 0;
}

std::optional<error> check_options(const server_options& options) {
  if (options.pattern == handshake_pattern::ik
      && (options.known_clients == nullptr || options.known_clients->empty()))
    return handshake_error(errc::bad_parameter, "an IK server needs the clients' static keys");
  if (options.reply_payload.size > max_reply_payload)
    return handshake_error(errc::bad_parameter,
                           "reply payload of " + std::to_string(options.reply_payload.size)
                             + " bytes (valid: at most " + std::to_string(max_reply_payload) + ")");
  return std::nullopt;
}

error malformed_hello(std::size_t size, handshake_pattern pattern) {
  const std::size_t fixed = pattern == handshake_pattern::ik ? ik_hello_min_size : hello_min_size;
  return handshake_error(
    errc::malformed_input,
    size_error("hello", size) + " (type " + std::to_string(hello_type_of(pattern)) + ", version 2, "
      + std::to_string(fixed) + " to " + std::to_string(fixed + max_token_size) + " bytes)");
}

// Only with the payload verified under ss is the client's key proven held.
std::optional<error> check_known(const server_options& options, const crypto::bytes& client) {
  bool known = false;
  for (const crypto::bytes& k : *options.known_clients)
    known |= same_key(k, client);
  if (known)
    return std::nullopt;
  return handshake_error(errc::authentication_failed,
                         "hello from a client static key this server does not know");
}

// The hello's payload: the connect token the verifier accepts, or without a
// verifier the payload as is.
std::optional<error> take_payload(token_verifier* verifier, crypto::bytes_view payload,
                                  std::uint64_t now_unix_s, accepted_client& out) {
  if (verifier == nullptr) {
    out.payload.assign(payload.data, payload.data + payload.size);
    return std::nullopt;
  }
  if (payload.size == 0)
    return handshake_error(errc::authentication_failed,
                           "hello without the connect token this server requires");
  auto fields = verifier->accept(payload, now_unix_s);
  if (!fields)
    return fields.err();
  out.token = std::move(*fields);
  return std::nullopt;
}

// The reply: e, ee (and se for IK), then the payload; its tag proves the
// server computed es, so holds the static secret.
result<crypto::bytes> seal_reply(const crypto::key_agreement& ka, noise_state& noise,
                                 crypto::bytes_view client_ephemeral,
                                 const crypto::bytes& client_static,
                                 const server_options& options) {
  auto e = ka.generate_prepared();
  if (!e)
    return handshake_error(errc::crypto_failure, e.err().detail);
  crypto::bytes reply(reply_size + options.reply_payload.size);
  reply[0] = reply_type;
  reply[1] = handshake_version;
  std::uint8_t* p = reply.data() + framing_size;
  std::copy(e->keys.public_key.begin(), e->keys.public_key.end(), p);
  noise.mix_hash({p, dh_size});
  noise.mix_dh(e->prepared.get(), e->keys.secret_key, client_ephemeral, errc::authentication_failed,
               "hello");
  if (options.pattern == handshake_pattern::ik)
    noise.mix_dh(e->prepared.get(), e->keys.secret_key, client_static, errc::authentication_failed,
                 "hello's static key");
  crypto::wipe(e->keys.secret_key);
  e->prepared.reset();
  if (!noise.encrypt_and_hash(options.reply_payload, p + dh_size))
    return noise.failure();
  return reply;
}

} // namespace

result<accepted_client> respond(const crypto::key_agreement& ka, const server_identity& identity,
                                crypto::bytes_view hello, token_verifier* verifier,
                                std::uint64_t now_unix_s) {
  return respond(ka, identity, hello, verifier, now_unix_s, server_options{});
}

result<accepted_client> respond(const crypto::key_agreement& ka, const server_identity& identity,
                                crypto::bytes_view hello, token_verifier* verifier,
                                std::uint64_t now_unix_s, const server_options& options) {
  if (auto bad = check_options(options))
    return *bad;
  const bool ik = options.pattern == handshake_pattern::ik;
  auto parsed = parse_client_hello(hello);
  if (!parsed || parsed->pattern != options.pattern)
    return malformed_hello(hello.size, options.pattern);
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
  if (ik)
    if (auto unknown = check_known(options, out.client_static))
      return *unknown;
  if (auto refused = take_payload(verifier, {token.data(), token_size}, now_unix_s, out))
    return *refused;
  auto reply = seal_reply(ka, noise, parsed->ephemeral, out.client_static, options);
  if (!reply)
    return reply.err();
  auto keys = noise.split(false);
  if (!keys)
    return noise.failure();
  out.reply = std::move(*reply);
  out.keys = std::move(*keys);
  return out;
}

} // namespace actorbench::actors
