#include "crypto/error.hpp"

namespace actorbench::crypto {

std::string_view to_string(errc code) {
  switch (code) {
    case errc::unknown_backend:
      return "unknown_backend";
    case errc::unknown_cipher:
      return "unknown_cipher";
    case errc::cipher_unavailable:
      return "cipher_unavailable";
    case errc::bad_key_length:
      return "bad_key_length";
    case errc::bad_nonce_length:
      return "bad_nonce_length";
    case errc::authentication_failed:
      return "authentication_failed";
    case errc::bad_input:
      return "bad_input";
    case errc::backend_failure:
      return "backend_failure";
  }
  return "unknown_error";
}

} // namespace actorbench::crypto
