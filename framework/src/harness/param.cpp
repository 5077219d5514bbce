#include "bench/harness/param.hpp"

#include <algorithm>

namespace actorbench::bench {

std::string snake_case(const std::string& name) {
  auto out = name;
  std::replace(out.begin(), out.end(), '-', '_');
  return out;
}

} // namespace actorbench::bench
