#include "remote/interpose/caf_openssl_code.hpp"

#include "remote/interpose/library_code_ranges.hpp"

namespace actorbench::actors::caf_openssl_code {

namespace {

library_code_ranges code{"libcaf_openssl"};

} // namespace

bool locate() {
  return code.locate();
}

bool contains(const void* address) noexcept {
  return code.contains(address);
}

} // namespace actorbench::actors::caf_openssl_code
