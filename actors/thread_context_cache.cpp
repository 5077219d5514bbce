#include "actors/thread_context_cache.hpp"

#include <memory>
#include <string>

#include "actors/context_strategy.hpp"

namespace actorbench::actors {

std::string_view to_string(context_strategy s) {
  switch (s) {
    case context_strategy::per_message:
      return "per-message";
    case context_strategy::per_thread:
      return "per-thread";
    case context_strategy::per_actor:
      break;
  }
  return "per-actor";
}

std::optional<context_strategy> parse_context_strategy(std::string_view name) {
  if (name == "per-message")
    return context_strategy::per_message;
  if (name == "per-actor")
    return context_strategy::per_actor;
  if (name == "per-thread")
    return context_strategy::per_thread;
  return std::nullopt;
}

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
