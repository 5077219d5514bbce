#include "actors/runtime/thread_context_cache.hpp"

#include <memory>
#include <string>

namespace actorbench::actors {

namespace {

struct cached_context {
  const crypto::backend* backend = nullptr;
  std::string cipher;
  crypto::bytes key;
  std::unique_ptr<crypto::cipher_context> context;
};

} // namespace

crypto::cipher_context* thread_cached_context(const crypto::backend& backend,
                                              const crypto::cipher_info& cipher,
                                              const crypto::bytes& key,
                                              const crypto::cipher_context& prototype) {
  thread_local cached_context cache;
  if (cache.context == nullptr || cache.backend != &backend || cache.cipher != cipher.name
      || cache.key != key) {
    cache.context = prototype.clone();
    cache.backend = &backend;
    cache.cipher = cipher.name;
    cache.key = key;
  }
  return cache.context.get();
}

} // namespace actorbench::actors
