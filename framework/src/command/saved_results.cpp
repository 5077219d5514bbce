#include "command/saved_results.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "bench/output/results_writer.hpp"

namespace actorbench::bench {

namespace {

// Saved results are kilobytes per configuration; the cap keeps an endless
// input (a device, a runaway pipe) from being read until memory runs out.
constexpr std::size_t max_results_bytes = std::size_t{256} << 20;

error unreadable(const std::string& path) {
  return bad_input("cannot read '" + path + "': " + std::strerror(errno));
}

} // namespace

result<scenario_results> read_results_file(const std::string& path) {
  errno = 0;
  std::ifstream in{path, std::ios::binary};
  if (!in)
    return unreadable(path);
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    if (text.size() + static_cast<std::size_t>(in.gcount()) > max_results_bytes)
      return bad_input("'" + path + "' is larger than 256 MiB: not an actorbench result file");
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad())
    return unreadable(path);
  return read_results(text, path);
}

} // namespace actorbench::bench
