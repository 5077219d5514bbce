// Fuzz target: the command line. The input is argv[1..], one argument per
// line; it must read into a consistent plan or one line of bad input.
// Reading never runs anything, and only stats paths, so any argv is safe.
#include "tests/fuzz/check_command.hpp"
#include "tests/fuzz/fuzz_input.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  actorbench::fuzz::check_line("cli", actorbench::fuzz::split(data, size, '\n'));
  return 0;
}
