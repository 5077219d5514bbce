#include "command/saved_results.hpp"

#include "command/input_file.hpp"
#include "bench/output/results_writer.hpp"

namespace actorbench::bench {

namespace {

// Saved results are kilobytes per configuration; the cap keeps a file that
// cannot be one from being read until memory runs out.
constexpr std::size_t max_results_bytes = std::size_t{256} << 20;

} // namespace

result<scenario_results> read_results_file(const std::string& path) {
  auto text = read_input_file(path, max_results_bytes, "an actorbench result file");
  if (!text)
    return error{text.err().code, "cannot read '" + path + "': " + text.err().message};
  return read_results(*text, path);
}

} // namespace actorbench::bench
