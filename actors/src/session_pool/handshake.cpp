#include "actors/session_pool/handshake.hpp"

#include "session_pool/handshake_wire.hpp"
#include "session_pool/noise_state.hpp"

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
  forget_secrets();
  if (payload != nullptr)
    payload->assign(plain.begin(), plain.begin() + static_cast<std::ptrdiff_t>(plain_size));
  return std::move(*keys);
}

void client_handshake::forget_secrets() noexcept {
  crypto::wipe(ephemeral_.keys.secret_key);
  crypto::wipe(static_secret_);
  ephemeral_.prepared.reset();
  // The chaining key derives every key of the session: wiped at finish, not
  // left until the handshake object goes.
  crypto::wipe(state_.ck);
  crypto::wipe(state_.h);
}

bool client_handshake::holds_secrets() const noexcept {
  std::uint8_t any = 0;
  for (std::size_t i = 0; i < state_.ck.size(); ++i)
    any |= static_cast<std::uint8_t>(state_.ck[i] | state_.h[i]);
  return any != 0 || !ephemeral_.keys.secret_key.empty() || !static_secret_.empty()
         || ephemeral_.prepared != nullptr;
}

client_handshake& client_handshake::operator=(client_handshake&& other) noexcept {
  if (this != &other) {
    forget_secrets();
    ka_ = other.ka_;
    state_ = other.state_;
    ephemeral_ = std::move(other.ephemeral_);
    static_secret_ = std::move(other.static_secret_);
    hello_ = std::move(other.hello_);
  }
  return *this;
}

client_handshake::~client_handshake() {
  forget_secrets();
}

} // namespace actorbench::actors
