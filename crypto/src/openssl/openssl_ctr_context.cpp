#include "openssl/openssl_ctr_context.hpp"

#include <cstdint>
#include <cstring>

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include "checks.hpp"
#include "openssl/openssl_errors.hpp"
#include "openssl/openssl_handles.hpp"

namespace actorbench::crypto::detail {

namespace {

constexpr std::size_t block_size = 16;
constexpr std::size_t keystream_blocks = ctr_keystream_limit / block_size;

// Adds one to a 128-bit big-endian counter, carrying through every byte as
// OpenSSL's CTR mode does.
void increment(std::uint8_t (&counter)[block_size]) {
  for (std::size_t i = block_size; i-- > 0;)
    if (++counter[i] != 0)
      return;
}

class openssl_ctr_context final : public cipher_context {
 public:
  openssl_ctr_context(const cipher_info& info, evp_cipher_ctx_ptr ecb,
                      std::shared_ptr<const cipher_context> native)
    : info_(info), ecb_(std::move(ecb)), native_prototype_(std::move(native)) {}

  const cipher_info& info() const noexcept override { return info_; }

  std::unique_ptr<cipher_context> clone() const override {
    evp_cipher_ctx_ptr copy{EVP_CIPHER_CTX_new()};
    if (!copy || EVP_CIPHER_CTX_copy(copy.get(), ecb_.get()) != 1)
      return nullptr;
    return std::make_unique<openssl_ctr_context>(info_, std::move(copy), native_prototype_);
  }

  // Counter mode is its own inverse: both directions XOR the same keystream.
  result<std::size_t> encrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    return crypt(nonce, in, out);
  }

  result<std::size_t> decrypt(bytes_view nonce, bytes_view in, std::uint8_t* out) override {
    return crypt(nonce, in, out);
  }

 private:
  result<std::size_t> crypt(bytes_view nonce, bytes_view in, std::uint8_t* out) {
    if (in.size <= ctr_keystream_limit)
      return apply_keystream(nonce, in, out);
    // This context's own copy of the native prototype, made on first use.
    if (!native_)
      native_ = native_prototype_->clone();
    if (!native_)
      return openssl_failure("copying the AES-CTR context (EVP_CIPHER_CTX_copy)");
    return native_->encrypt(nonce, in, out);
  }

  // out = in XOR AES(counter), AES(counter + 1), ...; `out` may be `in.data`.
  result<std::size_t> apply_keystream(bytes_view nonce, bytes_view in, std::uint8_t* out) {
    if (auto err = check_nonce(info_, nonce))
      return *err;
    std::uint8_t counter[block_size];
    std::memcpy(counter, nonce.data, block_size);
    const std::size_t blocks = (in.size + block_size - 1) / block_size;
    std::uint8_t counters[keystream_blocks * block_size];
    for (std::size_t b = 0; b < blocks; ++b) {
      std::memcpy(counters + b * block_size, counter, block_size);
      increment(counter);
    }
    std::uint8_t stream[keystream_blocks * block_size];
    const int bytes = static_cast<int>(blocks * block_size);
    int written = 0;
    const bool ok =
      EVP_EncryptUpdate(ecb_.get(), stream, &written, counters, bytes) == 1 && written == bytes;
    if (ok)
      for (std::size_t i = 0; i < in.size; ++i)
        out[i] = in.data[i] ^ stream[i];
    // The keystream would decrypt any other message under this nonce.
    OPENSSL_cleanse(stream, blocks * block_size);
    if (!ok)
      return openssl_failure("EVP_EncryptUpdate (AES-ECB keystream)");
    return in.size;
  }

  // The back-end's own description: a context never copies it.
  const cipher_info& info_;
  evp_cipher_ctx_ptr ecb_;
  std::shared_ptr<const cipher_context> native_prototype_;
  std::unique_ptr<cipher_context> native_;
};

} // namespace

result<std::unique_ptr<cipher_context>> make_openssl_ctr_context(
  const cipher_info& info, EVP_CIPHER* ecb, bytes_view key,
  std::shared_ptr<const cipher_context> native) {
  evp_cipher_ctx_ptr ctx{EVP_CIPHER_CTX_new()};
  if (!ctx)
    return openssl_failure("EVP_CIPHER_CTX_new");
  // Keyed once; ECB has no IV, and without padding every whole-block update
  // is independent of the previous one.
  if (EVP_CipherInit_ex2(ctx.get(), ecb, key.data, nullptr, 1, nullptr) != 1)
    return openssl_failure("EVP_CipherInit_ex2 (AES-ECB)");
  if (EVP_CIPHER_CTX_set_padding(ctx.get(), 0) != 1)
    return openssl_failure("EVP_CIPHER_CTX_set_padding");
  return std::unique_ptr<cipher_context>{
    new openssl_ctr_context(info, std::move(ctx), std::move(native))};
}

} // namespace actorbench::crypto::detail
