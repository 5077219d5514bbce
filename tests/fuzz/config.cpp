// Fuzz target: scenario files read with --config (TOML or INI). The input is
// the file's text; it is read for the fan-out and for the subcommands whose
// sections it has, and must give a consistent command or one line of bad
// input each time.
#include <sys/mman.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <string_view>

#include "tests/fuzz/check_command.hpp"

namespace {

// An in-memory file, rewritten per input, that --config opens by name.
int scenario_file() {
  static const int fd = memfd_create("fuzz-scenario", 0);
  if (fd < 0)
    std::abort();
  return fd;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const int fd = scenario_file();
  if (ftruncate(fd, 0) != 0 || pwrite(fd, data, size, 0) != static_cast<ssize_t>(size))
    std::abort();
  const std::string path = "/proc/self/fd/" + std::to_string(fd);
  // As the fan-out's file, and as each subcommand's whose section it names
  // (a subcommand reads only its own [section]).
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const char* sub : {"", "cipher", "keygen"}) {
    if (*sub && text.find(std::string{"["} + sub) == std::string_view::npos)
      continue;
    const char* argv[] = {"actorbench", "--config", path.c_str(), sub};
    const int argc = *sub ? 4 : 3;
    actorbench::fuzz::check_command("config", actorbench::bench::parse_command_line(argc, argv));
  }
  return 0;
}
