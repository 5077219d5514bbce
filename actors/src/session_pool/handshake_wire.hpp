#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "actors/error.hpp"
#include "actors/session_pool/handshake.hpp"

namespace actorbench::actors {

// What the handshake's messages are made of, for both sides.
inline constexpr std::size_t dh_size = crypto::key_agreement::key_size;
inline constexpr std::size_t tag_size = crypto::key_agreement::tag_size;

inline error handshake_error(errc code, std::string detail) {
  return error{code, std::move(detail)};
}

inline std::uint8_t hello_type_of(handshake_pattern pattern) noexcept {
  return pattern == handshake_pattern::ik ? ik_hello_type : hello_type;
}

inline std::string size_error(std::string_view what, std::size_t size) {
  return std::string(what) + " of " + std::to_string(size) + " bytes is not one";
}

} // namespace actorbench::actors
