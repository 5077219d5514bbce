#pragma once

#include <string>

namespace actorbench::bench {

/// `text` in single quotes as a POSIX shell reads it back ('it'\''s').
inline std::string shell_quoted(const std::string& text) {
  std::string out = "'";
  for (char c : text)
    out += c == '\'' ? std::string{"'\\''"} : std::string(1, c);
  return out + "'";
}

} // namespace actorbench::bench
