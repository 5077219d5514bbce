// The handshake against flynn/noise's published test vectors (Debian's
// golang-github-flynn-noise-dev ships them): every Noise_NK and Noise_IK
// vector over X25519, ChaChaPoly and SHA-256, byte for byte, on both
// libraries, with the vectors' fixed ephemeral keys injected through
// scripted_key_agreement.
#include <doctest/doctest.h>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "actors/session_pool/handshake.hpp"
#include "tests/actors/session_pool/scripted_key_agreement.hpp"

using namespace actorbench;
using namespace actorbench::actors;

namespace {

constexpr const char* vectors_file = "/usr/share/gocode/src/github.com/flynn/noise/vectors.txt";
constexpr const char* vectors_package = "golang-github-flynn-noise-dev";

using vector_fields = std::map<std::string, std::string>;

// The file's blocks of key=value lines, separated by blank lines.
std::vector<vector_fields> read_vectors(std::ifstream& in) {
  std::vector<vector_fields> out(1);
  std::string line;
  while (std::getline(in, line)) {
    const auto eq = line.find('=');
    if (eq == std::string::npos) {
      if (!out.back().empty())
        out.emplace_back();
      continue;
    }
    out.back()[line.substr(0, eq)] = line.substr(eq + 1);
  }
  return out;
}

crypto::bytes hex(const vector_fields& v, const std::string& key) {
  auto it = v.find(key);
  if (it == v.end())
    return {};
  auto b = crypto::from_hex(it->second);
  REQUIRE_MESSAGE(b, key << " is not hex");
  return *b;
}

crypto::key_pair pair_of(const crypto::key_agreement& ka, const crypto::bytes& secret) {
  crypto::bytes base(32, 0);
  base[0] = 9;
  return {*ka.dh(secret, base), secret};
}

std::string tail_hex(crypto::bytes_view message) {
  return crypto::to_hex({message.data + framing_size, message.size - framing_size});
}

std::string sealed_hex(const crypto::key_agreement& ka, const crypto::bytes& key,
                       const crypto::bytes& plain) {
  const crypto::bytes nonce(12, 0);
  crypto::bytes out(plain.size() + 16);
  REQUIRE(ka.seal(key, nonce, {}, plain, out.data()));
  return crypto::to_hex(out);
}

// One vector: both handshake messages and payloads, then the first
// transport message each way (Noise's nonce 0 under each Split key).
void check_vector(const crypto::key_agreement& real, const vector_fields& v,
                  handshake_pattern pattern) {
  testing::scripted_key_agreement cka{real}, ska{real};
  cka.ephemerals.push_back(hex(v, "gen_init_ephemeral"));
  ska.ephemerals.push_back(hex(v, "gen_resp_ephemeral"));
  const crypto::key_pair server = pair_of(real, hex(v, "resp_static"));
  const server_identity identity{server.public_key, server.secret_key, nullptr};
  const crypto::bytes prologue = hex(v, "prologue");
  crypto::key_pair client_static;
  std::vector<crypto::bytes> known;
  client_options copt;
  copt.pattern = pattern;
  copt.prologue = prologue;
  server_options sopt;
  sopt.pattern = pattern;
  sopt.prologue = prologue;
  if (pattern == handshake_pattern::ik) {
    client_static = pair_of(real, hex(v, "init_static"));
    copt.static_keys = &client_static;
    known.push_back(client_static.public_key);
    sopt.known_clients = &known;
  }
  const crypto::bytes msg1_payload = hex(v, "msg_1_payload");
  sopt.reply_payload = msg1_payload;

  auto client = client_handshake::begin(cka, server.public_key, hex(v, "msg_0_payload"), copt);
  REQUIRE(client);
  CHECK(tail_hex(client->hello()) == v.at("msg_0_ciphertext"));
  auto accepted = respond(ska, identity, client->hello(), nullptr, 0, sopt);
  REQUIRE_MESSAGE(accepted, accepted.err().detail);
  CHECK(crypto::to_hex(accepted->payload) == v.at("msg_0_payload"));
  CHECK(tail_hex(accepted->reply) == v.at("msg_1_ciphertext"));
  if (pattern == handshake_pattern::ik)
    CHECK(accepted->client_static == client_static.public_key);
  crypto::bytes reply_payload;
  auto keys = client->finish(accepted->reply, &reply_payload);
  REQUIRE_MESSAGE(keys, keys.err().detail);
  CHECK(crypto::to_hex(reply_payload) == v.at("msg_1_payload"));
  CHECK(sealed_hex(real, keys->send, hex(v, "msg_2_payload")) == v.at("msg_2_ciphertext"));
  CHECK(sealed_hex(real, accepted->keys.send, hex(v, "msg_3_payload")) == v.at("msg_3_ciphertext"));
  CHECK(keys->receive == accepted->keys.send);
}

std::size_t check_all(handshake_pattern pattern) {
  std::ifstream in(vectors_file);
  REQUIRE_MESSAGE(in.good(), vectors_file << " is missing: install Debian's " << vectors_package
                                          << " (config/bootstrap does)");
  const auto vectors = read_vectors(in);
  const std::string name{protocol_name(pattern)};
  std::size_t checked = 0;
  for (const auto& v : vectors) {
    auto it = v.find("handshake");
    if (it == v.end() || it->second != name)
      continue;
    for (const char* lib : {"sodium", "openssl"}) {
      CAPTURE(lib);
      CAPTURE(checked);
      check_vector(**crypto::find_key_agreement(lib), v, pattern);
    }
    ++checked;
  }
  return checked;
}

} // namespace

TEST_CASE(
  "noise vectors: every Noise_NK_25519_ChaChaPoly_SHA256 vector of flynn/noise, byte for byte") {
  CHECK(check_all(handshake_pattern::nk) == 4);
}

TEST_CASE(
  "noise vectors: every Noise_IK_25519_ChaChaPoly_SHA256 vector of flynn/noise, byte for byte") {
  CHECK(check_all(handshake_pattern::ik) == 4);
}
