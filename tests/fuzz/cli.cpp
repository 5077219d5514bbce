// Fuzz target: the command line. The input is argv[1..], one argument per
// line; it must parse into a consistent command or one line of bad input.
// Parsing never runs anything, and only stats paths, so any argv is safe.
#include <vector>

#include "tests/fuzz/check_command.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto args = actorbench::fuzz::split(data, size, '\n');
  std::vector<const char*> argv{"actorbench"};
  for (const auto& a : args)
    argv.push_back(a.c_str());
  actorbench::fuzz::check_command(
    "cli", actorbench::bench::parse_command_line(static_cast<int>(argv.size()), argv.data()));
  return 0;
}
