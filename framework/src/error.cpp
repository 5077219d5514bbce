#include "bench/error.hpp"

namespace actorbench::bench {

std::string_view to_string(errc code) {
  switch (code) {
    case errc::bad_input:
      return "bad_input";
    case errc::runtime_failure:
      return "runtime_failure";
  }
  return "unknown";
}

int exit_code(errc code) noexcept {
  return code == errc::bad_input ? 2 : 1;
}

} // namespace actorbench::bench
