#pragma once

#include "crypto/backend.hpp"
#include "crypto/bytes.hpp"
#include "crypto/cipher_context.hpp"

namespace actorbench::actors {

/// The calling thread's cached context for `cipher` of `backend` under `key`,
/// cloned from `prototype` when the cache is empty or holds another cipher or
/// key (as the Cassandra comment suggests: check before reuse). Null only if
/// cloning failed. The context belongs to the thread: use it before yielding.
crypto::cipher_context* thread_cached_context(const crypto::backend& backend,
                                              const crypto::cipher_info& cipher,
                                              const crypto::bytes& key,
                                              const crypto::cipher_context& prototype);

} // namespace actorbench::actors
