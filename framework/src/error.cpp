#include "bench/error.hpp"

namespace actorbench::bench {

namespace {

template <class Lower>
error converted(errc code, std::string_view layer, const Lower& lower, std::string_view doing) {
  auto message = doing.empty() ? lower.detail : std::string{doing} + ": " + lower.detail;
  return {code, std::move(message), std::string{layer} + "." + std::string{to_string(lower.code)}};
}

} // namespace

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

error bad_input(const crypto::error& lower, std::string_view doing) {
  return converted(errc::bad_input, "crypto", lower, doing);
}

error bad_input(const actors::error& lower, std::string_view doing) {
  return converted(errc::bad_input, "actors", lower, doing);
}

error runtime_failure(const crypto::error& lower, std::string_view doing) {
  return converted(errc::runtime_failure, "crypto", lower, doing);
}

error runtime_failure(const actors::error& lower, std::string_view doing) {
  return converted(errc::runtime_failure, "actors", lower, doing);
}

error by_code(const crypto::error& lower, std::string_view doing) {
  return lower.code == crypto::errc::backend_failure ? runtime_failure(lower, doing)
                                                     : bad_input(lower, doing);
}

error by_code(const actors::error& lower, std::string_view doing) {
  return lower.code == actors::errc::bad_parameter ? bad_input(lower, doing)
                                                   : runtime_failure(lower, doing);
}

} // namespace actorbench::bench
