#pragma once

// What the tests look for in a table, a page or an error text.

#include <string>

namespace actorbench::bench::testing {

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

inline bool starts_with(const std::string& text, const std::string& start) {
  return text.rfind(start, 0) == 0;
}

} // namespace actorbench::bench::testing
