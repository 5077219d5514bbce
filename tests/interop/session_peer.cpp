// One end of a secure session, driven over its stdin and stdout by
// session_interop_test.py, whose other end is written on dissononce and
// python3-cryptography: the handshake (NK or IK, either role, either key
// agreement library), then every packet it gets is opened and answered.
//
//   session_peer responder PATTERN KA BACKEND CIPHER REKEY_AFTER [CLIENT_PUBLIC]
//   session_peer initiator PATTERN KA BACKEND CIPHER REKEY_AFTER SERVER_PUBLIC
//                [CLIENT_SECRET CLIENT_PUBLIC]
// PATTERN nk or ik, KA sodium or openssl, keys in hex; the IK arguments only
// for ik. Records both ways: type (1 byte) || length (4, big-endian) ||
// payload. The responder first writes K (its static public key) and reads
// H (the hello), answering R (the reply); the initiator writes H and reads
// R. Then for each P (a packet) it writes P, the packet's plaintext behind
// "echo:" sealed back (its sender moves an epoch every REKEY_AFTER packets),
// or V, the verdict's name when it did not open. Exit 0 at the end of its
// input, 1 with the reason on stderr, 2 for bad arguments.
#include <poll.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "actors/session_pool/handshake.hpp"
#include "actors/session_pool/secure_channel.hpp"
#include "crypto/registry.hpp"

using namespace actorbench;

namespace {

struct record {
  char type = 0;
  crypto::bytes payload;
};

// Every wait ends: 10 s without input is a failure.
bool read_exact(std::uint8_t* out, std::size_t n, bool& eof) {
  while (n > 0) {
    pollfd in{STDIN_FILENO, POLLIN, 0};
    if (::poll(&in, 1, 10000) <= 0)
      return false;
    const ssize_t got = ::read(STDIN_FILENO, out, n);
    if (got == 0)
      eof = true;
    if (got <= 0)
      return false;
    out += got;
    n -= static_cast<std::size_t>(got);
  }
  return true;
}

// The next record; nullopt at the end of input (eof set) or on a failure.
std::optional<record> read_record(bool& eof) {
  std::uint8_t head[5];
  if (!read_exact(head, sizeof head, eof))
    return std::nullopt;
  const std::size_t size =
    std::size_t{head[1]} << 24 | std::size_t{head[2]} << 16 | std::size_t{head[3]} << 8 | head[4];
  if (size > 65536)
    return std::nullopt;
  record r{static_cast<char>(head[0]), crypto::bytes(size)};
  if (size > 0 && !read_exact(r.payload.data(), size, eof))
    return std::nullopt;
  return r;
}

void write_record(char type, crypto::bytes_view payload) {
  const auto n = static_cast<std::uint32_t>(payload.size);
  const std::uint8_t head[5] = {static_cast<std::uint8_t>(type), static_cast<std::uint8_t>(n >> 24),
                                static_cast<std::uint8_t>(n >> 16),
                                static_cast<std::uint8_t>(n >> 8), static_cast<std::uint8_t>(n)};
  std::fwrite(head, 1, sizeof head, stdout);
  if (payload.size > 0)
    std::fwrite(payload.data, 1, payload.size, stdout);
  std::fflush(stdout);
}

int fail(const std::string& why) {
  std::fprintf(stderr, "session_peer: %s\n", why.c_str());
  return 1;
}

// fail() where an optional is returned.
std::nullopt_t failed(const std::string& why) {
  fail(why);
  return std::nullopt;
}

crypto::bytes hex_arg(const char* text) {
  auto b = crypto::from_hex(text);
  return b && b->size() == 32 ? *b : crypto::bytes{};
}

// The handshake as the responder: session keys, or nullopt after fail().
std::optional<actors::session_keys> respond_to_hello(const crypto::key_agreement& ka,
                                                     actors::handshake_pattern pattern,
                                                     const std::vector<crypto::bytes>& known) {
  auto identity = actors::server_identity::generate(ka);
  if (!identity)
    return failed(identity.err().detail);
  write_record('K', identity->public_key);
  bool eof = false;
  auto hello = read_record(eof);
  if (!hello || hello->type != 'H')
    return failed("no hello");
  actors::server_options options;
  options.pattern = pattern;
  options.known_clients = &known;
  auto accepted = actors::respond(ka, *identity, hello->payload, nullptr, 0, options);
  if (!accepted)
    return failed("the hello: " + accepted.err().detail);
  write_record('R', accepted->reply);
  return std::move(accepted->keys);
}

// The handshake as the initiator.
std::optional<actors::session_keys> send_hello(const crypto::key_agreement& ka,
                                               actors::handshake_pattern pattern,
                                               const crypto::bytes& server_public,
                                               const crypto::key_pair& own) {
  actors::client_options options;
  options.pattern = pattern;
  options.static_keys = &own;
  auto client =
    actors::client_handshake::begin(ka, server_public, std::string_view{"a token"}, options);
  if (!client)
    return failed(client.err().detail);
  write_record('H', client->hello());
  bool eof = false;
  auto reply = read_record(eof);
  if (!reply || reply->type != 'R')
    return failed("no reply");
  auto keys = client->finish(reply->payload);
  if (!keys)
    return failed("the reply: " + keys.err().detail);
  return std::move(*keys);
}

// Opens every packet and answers it, until the end of input.
int echo(actors::secure_channel& channel) {
  for (;;) {
    bool eof = false;
    auto in = read_record(eof);
    if (!in)
      return eof ? 0 : fail("a record cut short or not within 10 s");
    if (in->type != 'P')
      return fail(std::string("a record of type ") + in->type);
    auto opened = channel.open(in->payload);
    if (opened.verdict != actors::packet_verdict::ok) {
      write_record('V', to_string(opened.verdict));
      continue;
    }
    std::string text = "echo:" + std::string(opened.plaintext.begin(), opened.plaintext.end());
    auto sealed = channel.seal(std::string_view{text});
    if (!sealed)
      return fail(sealed.err().detail);
    write_record('P', *sealed);
  }
}

} // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> a(argv + 1, argv + argc);
  const bool responder = !a.empty() && a[0] == "responder";
  const bool ik = a.size() > 1 && a[1] == "ik";
  const std::size_t want = responder ? (ik ? 7 : 6) : (ik ? 9 : 7);
  const int rekey_after = a.size() > 5 ? std::atoi(a[5].c_str()) : 0;
  auto ka = a.size() > 2 ? crypto::find_key_agreement(a[2]) : crypto::find_key_agreement("");
  auto pair = a.size() > 4 ? crypto::registry::instance().find_pair(a[3], a[4])
                           : crypto::registry::instance().find_pair("", "");
  if (a.size() != want || (a[0] != "responder" && a[0] != "initiator")
      || (a[1] != "nk" && a[1] != "ik") || !ka || !pair || rekey_after < 1) {
    std::fprintf(stderr,
                 "usage: session_peer responder|initiator nk|ik sodium|openssl BACKEND "
                 "CIPHER REKEY_AFTER(>=1) [keys in hex, see the source]\n");
    return 2;
  }
  const auto pattern = ik ? actors::handshake_pattern::ik : actors::handshake_pattern::nk;
  std::optional<actors::session_keys> keys;
  if (responder) {
    std::vector<crypto::bytes> known;
    if (ik)
      known.push_back(hex_arg(a[6].c_str()));
    keys = respond_to_hello(**ka, pattern, known);
  } else {
    crypto::key_pair own;
    if (ik)
      own = {hex_arg(a[8].c_str()), hex_arg(a[7].c_str())};
    keys = send_hello(**ka, pattern, hex_arg(a[6].c_str()), own);
  }
  if (!keys)
    return 1;
  actors::rekey_policy policy;
  policy.after_packets = static_cast<std::uint64_t>(rekey_after);
  auto channel =
    actors::secure_channel::create(*pair->first, *pair->second, std::move(*keys), policy);
  if (!channel)
    return fail(channel.err().detail);
  return echo(*channel);
}
