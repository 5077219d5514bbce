#include "botan/botan_serial_cipher.hpp"

#include <botan/block_cipher.h>

namespace actorbench::crypto::detail {

namespace {

// Forwards everything to the wrapped cipher except parallelism(): the
// wrapped cipher still runs its AES-NI code on however many blocks it is
// given, only the modes above it ask for fewer at a time.
class serial_block_cipher final : public Botan::BlockCipher {
 public:
  explicit serial_block_cipher(std::unique_ptr<Botan::BlockCipher> inner)
    : inner_(std::move(inner)) {}

  size_t block_size() const override { return inner_->block_size(); }
  size_t parallelism() const override { return 1; }
  std::string provider() const override { return inner_->provider(); }
  std::string name() const override { return inner_->name(); }
  Botan::Key_Length_Specification key_spec() const override { return inner_->key_spec(); }
  void clear() override { inner_->clear(); }

  void encrypt_n(const uint8_t in[], uint8_t out[], size_t blocks) const override {
    inner_->encrypt_n(in, out, blocks);
  }
  void decrypt_n(const uint8_t in[], uint8_t out[], size_t blocks) const override {
    inner_->decrypt_n(in, out, blocks);
  }

  Botan::BlockCipher* clone() const override {
    return new serial_block_cipher(std::unique_ptr<Botan::BlockCipher>(inner_->clone()));
  }

 private:
  void key_schedule(const uint8_t key[], size_t length) override { inner_->set_key(key, length); }

  std::unique_ptr<Botan::BlockCipher> inner_;
};

} // namespace

std::unique_ptr<Botan::BlockCipher> make_serial_block_cipher(const std::string& spec) {
  return std::make_unique<serial_block_cipher>(Botan::BlockCipher::create_or_throw(spec));
}

} // namespace actorbench::crypto::detail
