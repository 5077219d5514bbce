#pragma once

// Line widths of UTF-8 text: tables and notes must fit a width in code
// points ("µ" and "±" are one column each, two bytes each).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace actorbench::bench {

/// `words` with `sep` between each two, e.g. "a, b, c".
std::string joined(const std::vector<std::string>& words, const std::string& sep);

/// The number of UTF-8 code points in `text` (continuation bytes not counted).
std::size_t code_points(std::string_view text);

/// `text` broken at spaces into lines of at most `width` code points; every
/// line after the first starts with `indent`. A word longer than a line stays
/// whole on its own line.
std::vector<std::string> wrap_text(const std::string& text, std::size_t width,
                                   const std::string& indent = "  ");

} // namespace actorbench::bench
