#include "bench/harness/metric.hpp"

#include <algorithm>

namespace actorbench::bench {

namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

} // namespace

std::string metric_title(const metric_decl& m) {
  if (!m.title.empty())
    return m.title;
  auto words = m.name;
  std::string tail;
  if (ends_with(words, "_s") && m.unit == "1/s") {
    words.resize(words.size() - 2);
    tail = " per second";
  } else if (ends_with(words, "_s") && m.unit == "s") {
    words.resize(words.size() - 2);
  }
  std::replace(words.begin(), words.end(), '_', ' ');
  return words + tail;
}

} // namespace actorbench::bench
