// Fuzz target: scenario files read with --config (TOML). The input is the
// file's text; it is read for the default scenario and for the scenarios
// whose sections it has, and must give a consistent plan or one line of bad
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
  // As the default scenario's file, and as each scenario's whose section it
  // names.
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const auto* s : actorbench::fuzz::builtin_registry().all()) {
    const auto& name = s->declared().name;
    if (text.find("[" + name) != std::string_view::npos)
      actorbench::fuzz::check_line("config", {"--config", path, name});
  }
  actorbench::fuzz::check_line("config", {"--config", path});
  return 0;
}
