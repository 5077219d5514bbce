#pragma once

#include <memory>

#include "crypto/backend.hpp"

namespace actorbench::crypto {

/// A back-end whose single cipher "none" only copies bytes, so a benchmark run
/// with it measures the actor framework's overhead without any cryptography.
std::unique_ptr<backend> make_none_backend();

} // namespace actorbench::crypto
