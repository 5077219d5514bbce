// What a failed plain handshake is called, judged from the peer's greeting:
// TLS is suggested only when the peer speaks TLS or is silent until spoken
// to, as a TLS server is.
#include <doctest/doctest.h>

#include <string>

#include "remote/peer_greeting.hpp"

using namespace actorbench::actors;

namespace {

bool suggests_tls(const std::string& s) {
  return s.find("TLS") != std::string::npos;
}

} // namespace

TEST_CASE("a peer that greets with a line and closed is not an actorbench server") {
  auto s = explain_failed_handshake(handshake_end::closed, {true, "hello\r\nmore", true});
  CHECK(s == "the peer closed the connection during the handshake: it is not an actorbench "
             "server (it greets with 'hello')");
  CHECK(!suggests_tls(s));
}

TEST_CASE("a peer that answered in another protocol is named so, with its greeting") {
  auto s =
    explain_failed_handshake(handshake_end::garbled, {true, "SSH-2.0-OpenSSH_9.2\r\n", false});
  CHECK(s.find("in another protocol than CAF's BASP") != std::string::npos);
  CHECK(s.find("(it greets with 'SSH-2.0-OpenSSH_9.2')") != std::string::npos);
  CHECK(!suggests_tls(s));
}

TEST_CASE("a peer whose greeting is a TLS record gets the TLS hint") {
  std::string alert{"\x15\x03\x03\x00\x02\x02\x46", 7};
  auto s = explain_failed_handshake(handshake_end::closed, {true, alert, true});
  CHECK(s.find("it speaks TLS (does the server expect TLS?)") != std::string::npos);
}

TEST_CASE("a peer silent until spoken to gets the TLS hint, one that closes at once does not") {
  auto silent = explain_failed_handshake(handshake_end::closed, {true, "", false});
  CHECK(silent.find("as a TLS server does") != std::string::npos);
  auto closes = explain_failed_handshake(handshake_end::closed, {true, "", true});
  CHECK(closes.find("it closes connections at once") != std::string::npos);
  CHECK(!suggests_tls(closes));
}

TEST_CASE("a CAF server that refused the client and an unreachable peer are told apart") {
  std::string basp(32, '\0');
  auto caf = explain_failed_handshake(handshake_end::closed, {true, basp, false});
  CHECK(caf.find("it is a CAF server, which refused this client") != std::string::npos);
  auto gone = explain_failed_handshake(handshake_end::closed, {false, "", false});
  CHECK(gone == "the peer closed the connection during the handshake");
}
