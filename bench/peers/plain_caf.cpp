// plain_caf: the seed experiment written the obvious way with plain CAF 0.17,
// as a peer for actorbench (same task, no actorbench code).
//
// main spawns N lambda actors; each decrypts the AES-128-CTR payload with
// OpenSSL (a fresh EVP context per actor, as a first attempt would) and sends
// (id, plaintext) to a scoped_actor, which waits for all N replies.
//
// Usage: plain_caf [N] [on|off] [runs] [threads]
// Prints one line per run:
//   peer=plain-caf procs=100000 crypto=on seconds=0.2613 mismatches=0

#include <caf/all.hpp>
#include <openssl/evp.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

const std::string plaintext = "Hello World!";
const unsigned char key[16] = {0x01, 0x23, 0x45, 0x67, 0x89, 0xAB, 0xCD, 0xEF,
                               0xF0, 0x12, 0x34, 0x56, 0x78, 0x9A, 0xBC, 0xDE};
const unsigned char iv[16] = {0};

// AES-128-CTR in one go; in CTR mode encrypting and decrypting are the same
// operation, but we call the Decrypt API where the seed decrypts.
std::string aes_ctr(const std::string& in, bool decrypt) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  std::string out(in.size(), '\0');
  int len = 0;
  int tail = 0;
  auto* dst = reinterpret_cast<unsigned char*>(&out[0]);
  auto* src = reinterpret_cast<const unsigned char*>(in.data());
  bool ok = decrypt ? EVP_DecryptInit_ex(ctx, EVP_aes_128_ctr(), nullptr, key, iv) == 1
                        && EVP_DecryptUpdate(ctx, dst, &len, src, static_cast<int>(in.size())) == 1
                        && EVP_DecryptFinal_ex(ctx, dst + len, &tail) == 1
                    : EVP_EncryptInit_ex(ctx, EVP_aes_128_ctr(), nullptr, key, iv) == 1
                        && EVP_EncryptUpdate(ctx, dst, &len, src, static_cast<int>(in.size())) == 1
                        && EVP_EncryptFinal_ex(ctx, dst + len, &tail) == 1;
  EVP_CIPHER_CTX_free(ctx);
  if (!ok)
    return {}; // an empty reply shows up as a mismatch
  out.resize(static_cast<size_t>(len + tail));
  return out;
}

struct run_result {
  double seconds;
  uint32_t mismatches;
};

run_result run_once(caf::actor_system& sys, uint32_t n, bool crypto_on,
                    const std::string& ciphertext) {
  using namespace caf;
  scoped_actor self{sys};
  actor collector = self;
  auto start = std::chrono::steady_clock::now();
  for (uint32_t id = 1; id <= n; ++id) {
    // A void lambda actor: it runs once, sends its reply and terminates.
    sys.spawn([=, &ciphertext](event_based_actor* worker) {
      if (crypto_on)
        worker->send(collector, id, aes_ctr(ciphertext, true));
      else
        worker->send(collector, id, plaintext);
    });
  }
  uint32_t received = 0;
  uint32_t mismatches = 0;
  bool timed_out = false;
  while (received < n && !timed_out) {
    self->receive(
      [&](uint32_t, const std::string& text) {
        ++received;
        if (text != plaintext)
          ++mismatches;
      },
      // Don't hang forever if replies go missing; they count as mismatches.
      after(std::chrono::seconds(60)) >> [&] { timed_out = true; });
  }
  auto stop = std::chrono::steady_clock::now();
  mismatches += n - received;
  return {std::chrono::duration<double>(stop - start).count(), mismatches};
}

} // namespace

int main(int argc, char** argv) {
  uint32_t n = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 10)) : 100000;
  bool crypto_on = argc > 2 ? std::strcmp(argv[2], "off") != 0 : true;
  int runs = argc > 3 ? std::atoi(argv[3]) : 1;
  size_t threads = argc > 4 ? std::strtoul(argv[4], nullptr, 10) : 0;
  if (threads == 0)
    threads = std::thread::hardware_concurrency();

  caf::actor_system_config cfg;
  cfg.set("scheduler.max-threads", threads);
  caf::actor_system sys{cfg};

  // As in the seed: encrypt once, before the clock starts.
  const std::string ciphertext = aes_ctr(plaintext, false);
  for (int i = 0; i < runs; ++i) {
    auto r = run_once(sys, n, crypto_on, ciphertext);
    std::printf("peer=plain-caf procs=%u crypto=%s seconds=%.4f mismatches=%u\n", n,
                crypto_on ? "on" : "off", r.seconds, r.mismatches);
    std::fflush(stdout);
  }
  return 0;
}
