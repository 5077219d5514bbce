#include "openssl/openssl_errors.hpp"

#include <openssl/err.h>

namespace actorbench::crypto::detail {

std::string take_openssl_errors() {
  std::string out;
  while (unsigned long code = ERR_get_error()) {
    char buf[256];
    ERR_error_string_n(code, buf, sizeof buf);
    if (!out.empty())
      out += "; ";
    out += buf;
  }
  return out.empty() ? "no detail from OpenSSL" : out;
}

error openssl_failure(std::string_view what) {
  return make_error(errc::backend_failure, std::string{what} + " failed: " + take_openssl_errors());
}

error too_long_error() {
  return make_error(errc::bad_input, "message longer than OpenSSL's int length limit");
}

} // namespace actorbench::crypto::detail
