#include "actors/session_pool/connect_token.hpp"

#include "session_pool/big_endian.hpp"

#include <array>
#include <optional>

namespace actorbench::actors {

namespace {

constexpr std::size_t token_header = 1 + crypto::key_agreement::nonce_size;
constexpr std::size_t token_fixed_fields = 8 + 8 + 8 + 1;

error token_error(errc code, std::string detail) {
  return error{code, std::move(detail)};
}

// Parses the decrypted fields; nullopt if their lengths do not add up.
std::optional<token_fields> parse_fields(const std::uint8_t* p, std::size_t n) {
  if (n < token_fixed_fields || n != token_fixed_fields + p[24])
    return std::nullopt;
  token_fields f;
  f.client_id = get_u64_be(p);
  f.expiry_unix_s = get_u64_be(p + 8);
  f.token_id = get_u64_be(p + 16);
  f.server_address.assign(reinterpret_cast<const char*>(p + token_fixed_fields), p[24]);
  return f;
}

} // namespace

result<crypto::bytes> issue_token(const crypto::key_agreement& aead, crypto::bytes_view token_key,
                                  const token_fields& fields) {
  if (token_key.size != crypto::key_agreement::key_size)
    return token_error(errc::bad_parameter,
                       "token key of " + std::to_string(token_key.size) + " bytes (valid: 32)");
  if (fields.server_address.size() > max_address_size)
    return token_error(errc::bad_parameter, "server address of "
                                              + std::to_string(fields.server_address.size())
                                              + " bytes (valid: at most 255)");
  crypto::secret_array<token_fixed_fields + max_address_size> plain;
  put_u64_be(plain.data(), fields.client_id);
  put_u64_be(plain.data() + 8, fields.expiry_unix_s);
  put_u64_be(plain.data() + 16, fields.token_id);
  plain[24] = static_cast<std::uint8_t>(fields.server_address.size());
  std::copy(fields.server_address.begin(), fields.server_address.end(), plain.begin() + 25);
  const std::size_t plain_size = token_fixed_fields + fields.server_address.size();

  crypto::bytes token(token_header + plain_size + crypto::key_agreement::tag_size);
  token[0] = token_version;
  if (!aead.random(token.data() + 1, crypto::key_agreement::nonce_size))
    return token_error(errc::crypto_failure, "the random generator failed");
  auto sealed =
    aead.seal(token_key, {token.data() + 1, crypto::key_agreement::nonce_size}, {token.data(), 1},
              {plain.data(), plain_size}, token.data() + token_header);
  if (!sealed)
    return token_error(errc::crypto_failure, sealed.err().detail);
  return token;
}

token_verifier::token_verifier(const crypto::key_agreement& aead, crypto::bytes token_key,
                               std::string own_address, std::size_t max_seen)
  : aead_(aead),
    key_(std::move(token_key)),
    own_address_(std::move(own_address)),
    max_seen_(max_seen) {}

result<token_fields> token_verifier::accept(crypto::bytes_view token, std::uint64_t now_unix_s) {
  constexpr std::size_t tag = crypto::key_agreement::tag_size;
  if (token.size < token_header + token_fixed_fields + tag || token.size > max_token_size)
    return token_error(errc::malformed_input,
                       "connect token of " + std::to_string(token.size) + " bytes (valid: "
                         + std::to_string(token_header + token_fixed_fields + tag) + " to "
                         + std::to_string(max_token_size) + ")");
  if (token.data[0] != token_version)
    return token_error(errc::malformed_input,
                       "connect token version " + std::to_string(token.data[0]) + " (valid: 1)");
  crypto::secret_array<max_token_size> plain;
  auto opened =
    aead_.open(key_, {token.data + 1, crypto::key_agreement::nonce_size}, {token.data, 1},
               {token.data + token_header, token.size - token_header}, plain.data());
  if (!opened)
    return token_error(errc::authentication_failed, "connect token: " + opened.err().detail);
  auto fields = parse_fields(plain.data(), *opened);
  if (!fields)
    return token_error(errc::malformed_input, "connect token fields do not add up");
  if (fields->expiry_unix_s <= now_unix_s)
    return token_error(errc::token_expired, "connect token expired at "
                                              + std::to_string(fields->expiry_unix_s) + " (now "
                                              + std::to_string(now_unix_s) + ")");
  if (!own_address_.empty() && !fields->server_address.empty()
      && fields->server_address != own_address_)
    return token_error(errc::bad_parameter, "connect token for server '" + fields->server_address
                                              + "' (this is '" + own_address_ + "')");
  if (seen_.count(fields->token_id) != 0)
    return token_error(errc::token_reused,
                       "connect token id " + std::to_string(fields->token_id) + " was used before");
  if (seen_.size() >= max_seen_)
    prune(now_unix_s);
  if (seen_.size() >= max_seen_)
    return token_error(errc::limit_reached, "connect tokens: " + std::to_string(max_seen_)
                                              + " unexpired ids remembered (the table is full)");
  seen_.emplace(fields->token_id, fields->expiry_unix_s);
  return std::move(*fields);
}

void token_verifier::prune(std::uint64_t now_unix_s) {
  for (auto i = seen_.begin(); i != seen_.end();)
    i = i->second <= now_unix_s ? seen_.erase(i) : std::next(i);
}

} // namespace actorbench::actors
