#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace actorbench::bench {

/// U+FFFD, what text shows where a byte or character cannot be shown.
inline constexpr const char* replacement_character = "\xEF\xBF\xBD";

/// The length of the UTF-8 sequence at `at` in `s` and its code point in
/// `cp`, or 0 when it is not a valid, shortest encoding of a scalar value.
std::size_t utf8_sequence(std::string_view s, std::size_t at, std::uint32_t& cp);

/// Whether `cp` is a control character (C0, DEL or C1).
bool control_character(std::uint32_t cp);

/// Whether `cp` is a noncharacter (U+FDD0..U+FDEF, U+xFFFE, U+xFFFF).
bool noncharacter(std::uint32_t cp);

/// `text` as one line of valid UTF-8 with nothing but printable
/// characters: tab, line feed and carriage return as a space; any other
/// control character (NUL included), invalid UTF-8 and noncharacters as
/// U+FFFD. What a generated script or command line quotes from saved
/// results: a NUL or a line break there would end the line before its
/// closing quote, and a terminal reads escapes.
std::string one_line_text(std::string_view text);

} // namespace actorbench::bench
