// Prints a valid handshake hello (hex) for the server whose public key is
// given: the tests' scripted clients (stall_test) send it to get a session
// without doing X25519 themselves.
//
//   make_hello SERVER_KEY_HEX
//
// Exit codes: 0 printed; 1 the handshake could not begin; 2 bad input.
#include <iostream>

#include "actors/session_pool/handshake.hpp"
#include "crypto/bytes.hpp"
#include "crypto/key_agreement.hpp"

using namespace actorbench;

int main(int argc, char** argv) {
  auto key = argc == 2 ? crypto::from_hex(argv[1]) : std::nullopt;
  if (!key || key->size() != 32) {
    std::cerr << "make_hello: invalid server key '" << (argc > 1 ? argv[1] : "")
              << "': expected 64 hex digits\n";
    return 2;
  }
  auto ka = crypto::find_key_agreement("openssl");
  if (!ka) {
    std::cerr << "make_hello: " << ka.err().detail << '\n';
    return 1;
  }
  auto hs = actors::client_handshake::begin(**ka, *key);
  if (!hs) {
    std::cerr << "make_hello: " << hs.err().detail << '\n';
    return 1;
  }
  std::cout << crypto::to_hex(hs->hello()) << '\n';
  return 0;
}
