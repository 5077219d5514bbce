// Fuzz target: every back-end x cipher with fuzzed key, nonce and data.
//
// Input: [cipher] [flags] [key length] [nonce length] [tamper position: 2]
//        [tamper mask] [key] [nonce] [data...]
// where cipher indexes every back-end's ciphers in registry order. The
// corpus has seeds named after each cipher of none, openssl and sodium
// (indices 0..11) and index-12..index-63 for the back-ends registered after
// them, so the replay in CTest reaches every registered back-end's ciphers
// (registry_test.cpp checks there are at most 64).
// The lengths are used only when the flags ask for wrong ones; otherwise the
// cipher's own sizes are taken, so most inputs reach the real decrypt.
//
// Checked on every input, besides "never crashes":
//  - wrong key, nonce or sealed-input lengths come back as their errors,
//    from encrypt_once too;
//  - decrypt, decrypt_once and a clone agree on the fuzzed data (the same
//    error, or the same plaintext), and a failure leaves no output;
//  - decrypt(encrypt(data)) gives the data back, and encrypt_once gives
//    encrypt's bytes;
//  - AEAD: the sealed message with one byte of ciphertext, tag or nonce
//    changed, or opened under another key, is rejected as
//    authentication_failed and no plaintext is left in the output buffer.
//    An accepted forgery aborts.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "crypto/registry.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace actorbench::crypto;
using actorbench::fuzz::fuzz_input;

namespace {

struct cipher_choice {
  const backend* owner;
  const cipher_info* info;
};

const std::vector<cipher_choice>& every_cipher() {
  static const auto list = [] {
    std::vector<cipher_choice> out;
    for (const auto* b : registry::instance().backends())
      for (const auto& c : b->ciphers())
        out.push_back({b, &c}); // unavailable ones too, so an index means the same everywhere
    return out;
  }();
  return list;
}

[[noreturn]] void fail(const cipher_choice& c, const char* what) {
  std::fprintf(stderr, "fuzz crypto: %.*s/%s: %s\n", static_cast<int>(c.owner->name().size()),
               c.owner->name().data(), c.info->name.c_str(), what);
  std::abort();
}

// What one decrypt (or encrypt) of `in` gave: the error code (0 on success)
// and the output.
struct outcome {
  int code = 0;
  bytes out;
};

// The output buffer holds exactly in.size bytes, as the interface promises,
// so AddressSanitizer sees any write past it; it starts filled with a marker
// so a failed open can be checked for leftover plaintext.
constexpr std::uint8_t marker = 0xA5;

template <class Decrypt>
outcome run(std::size_t in_size, Decrypt decrypt) {
  outcome o;
  o.out.assign(in_size, marker);
  auto n = decrypt(o.out.data());
  if (!n) {
    o.code = static_cast<int>(n.err().code);
    return o;
  }
  if (*n > in_size)
    std::abort();
  o.out.resize(*n);
  return o;
}

// Whether a failed decrypt's buffer holds no output: left as it was, or
// zeroed (back-ends differ, e.g. Botan zeroes it, and both are fine).
bool no_output(const outcome& o) {
  for (auto b : o.out)
    if (b != marker && b != 0)
      return false;
  return true;
}

// Two decrypts of one input agree: the same error, or the same output.
bool agree(const outcome& a, const outcome& b) {
  return a.code == b.code && (a.code != 0 || a.out == b.out);
}

void check_rejected(const cipher_choice& c, const outcome& o, const char* tampering) {
  if (o.code == 0)
    fail(c, tampering);
  if (o.code != static_cast<int>(errc::authentication_failed))
    fail(c, "a tampered message failed with another error than authentication_failed");
  if (!no_output(o))
    fail(c, "a rejected message left plaintext in the output buffer");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz_input input{data, size};
  const auto& ciphers = every_cipher();
  const cipher_choice& c = ciphers[input.byte() % ciphers.size()];
  const cipher_info& info = *c.info;
  const std::uint8_t flags = input.byte();
  const std::size_t key_size = flags & 1 ? input.byte() % 65 : (input.byte(), info.key_size);
  const std::size_t nonce_size = flags & 2 ? input.byte() % 33 : (input.byte(), info.nonce_size);
  const std::size_t tamper_pos = input.byte() * 256u + input.byte();
  const std::uint8_t tamper_mask = input.byte() | 1; // never 0: the byte always changes
  const bytes key = input.bytes(key_size);
  const bytes nonce = input.bytes(nonce_size);
  const bytes msg = input.rest();

  auto ctx = c.owner->make_context(info.name, key);
  if (!info.available) {
    if (ctx || ctx.err().code != errc::cipher_unavailable)
      fail(c, "an unavailable cipher was not refused as cipher_unavailable");
    return 0;
  }
  auto sealed_once = run(msg.size() + info.overhead, [&](std::uint8_t* out) {
    return c.owner->encrypt_once(info.name, key, nonce, msg, out);
  });
  if (key.size() != info.key_size) {
    if (ctx || ctx.err().code != errc::bad_key_length)
      fail(c, "a key of the wrong length was not refused as bad_key_length");
    if (sealed_once.code != static_cast<int>(errc::bad_key_length))
      fail(c, "encrypt_once did not refuse a key of the wrong length as bad_key_length");
    return 0;
  }
  if (!ctx)
    fail(c, "make_context refused a key of the right length");
  cipher_context& context = **ctx;

  auto decrypted =
    run(msg.size(), [&](std::uint8_t* out) { return context.decrypt(nonce, msg, out); });
  auto once = run(msg.size(), [&](std::uint8_t* out) {
    return c.owner->decrypt_once(info.name, key, nonce, msg, out);
  });
  auto clone = context.clone();
  if (!clone)
    fail(c, "clone failed");
  auto cloned = run(msg.size(), [&](std::uint8_t* out) { return clone->decrypt(nonce, msg, out); });
  if (!agree(decrypted, once) || !agree(decrypted, cloned))
    fail(c, "decrypt, decrypt_once and a clone disagree");
  for (const auto* o : {&decrypted, &once, &cloned})
    if (o->code != 0 && !no_output(*o))
      fail(c, "a failed decrypt left output in the buffer");

  if (nonce.size() != info.nonce_size) {
    if (decrypted.code != static_cast<int>(errc::bad_nonce_length))
      fail(c, "a nonce of the wrong length was not refused as bad_nonce_length");
    if (sealed_once.code != static_cast<int>(errc::bad_nonce_length))
      fail(c, "encrypt_once did not refuse a nonce of the wrong length as bad_nonce_length");
    return 0;
  }
  if (info.aead && msg.size() < info.overhead) {
    if (decrypted.code != static_cast<int>(errc::bad_input))
      fail(c, "input shorter than the tag was not refused as bad_input");
  } else if (!info.aead && decrypted.code != 0) {
    fail(c, "a stream cipher refused well-formed input");
  }

  // Seal the fuzzed data as a plaintext, then open it intact and tampered.
  bytes sealed(msg.size() + info.overhead);
  auto n = context.encrypt(nonce, msg, sealed.data());
  if (!n || *n != sealed.size())
    fail(c, "encrypt failed or wrote an unexpected length");
  auto opened =
    run(sealed.size(), [&](std::uint8_t* out) { return context.decrypt(nonce, sealed, out); });
  if (opened.code != 0 || opened.out != msg)
    fail(c, "decrypt(encrypt(data)) is not the data");
  if (sealed_once.code != 0 || sealed_once.out != sealed)
    fail(c, "encrypt_once and encrypt disagree");
  if (!info.aead)
    return 0;

  bytes tampered = sealed;
  tampered[tamper_pos % tampered.size()] ^= tamper_mask;
  check_rejected(
    c,
    run(tampered.size(), [&](std::uint8_t* out) { return context.decrypt(nonce, tampered, out); }),
    "accepted a forgery: ciphertext or tag changed");
  bytes other_nonce = nonce;
  other_nonce[tamper_pos % other_nonce.size()] ^= tamper_mask;
  check_rejected(c,
                 run(sealed.size(),
                     [&](std::uint8_t* out) { return context.decrypt(other_nonce, sealed, out); }),
                 "accepted a forgery: nonce changed");
  bytes other_key = key;
  other_key[tamper_pos % other_key.size()] ^= tamper_mask;
  auto other_ctx = c.owner->make_context(info.name, other_key);
  if (!other_ctx)
    fail(c, "make_context refused a key of the right length");
  check_rejected(c,
                 run(sealed.size(),
                     [&](std::uint8_t* out) { return (*other_ctx)->decrypt(nonce, sealed, out); }),
                 "accepted a message sealed under another key");
  return 0;
}
