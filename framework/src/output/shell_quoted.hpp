#pragma once

#include <string>

#include "output/utf8_text.hpp"

namespace actorbench::bench {

/// `text` in single quotes as a POSIX shell reads it back ('it'\''s'), on
/// one line: a NUL cannot be in a shell word and a line break or escape in
/// a shown command line would not show as written, so control characters
/// and invalid UTF-8 are one_line_text's (a space or U+FFFD). Nothing else
/// is special inside '...', not even ! or a backtick.
inline std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (char c : one_line_text(text))
    out += c == '\'' ? std::string{"'\\''"} : std::string(1, c);
  return out + "'";
}

} // namespace actorbench::bench
