// Feeds files to a fuzz target's LLVMFuzzerTestOneInput without libFuzzer, so
// the seed corpus and every crash input found so far run as ordinary tests in
// any build (a crash or a failed check aborts, and the test fails).
//
//   fuzz_replay_<target> DIR_OR_FILE...
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    std::error_code ec;
    if (fs::is_directory(argv[i], ec)) {
      for (const auto& entry : fs::directory_iterator(argv[i]))
        if (entry.is_regular_file())
          files.push_back(entry.path());
    } else if (fs::is_regular_file(argv[i], ec)) {
      files.emplace_back(argv[i]);
    } else {
      std::cerr << "fuzz replay: '" << argv[i] << "' is neither a file nor a directory\n";
      return 2;
    }
  }
  // A replay that found nothing to run must not pass as a test.
  if (files.empty()) {
    std::cerr << "fuzz replay: no input files (usage: " << argv[0] << " DIR_OR_FILE...)\n";
    return 2;
  }
  std::sort(files.begin(), files.end());
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::vector<std::uint8_t> data{std::istreambuf_iterator<char>(in), {}};
    if (!in.is_open() || in.bad()) {
      std::cerr << "fuzz replay: cannot read '" << path.string() << "'\n";
      return 2;
    }
    // Printed first, so a crash names its input.
    std::cout << path.string() << " (" << data.size() << " bytes)" << std::endl;
    LLVMFuzzerTestOneInput(data.data(), data.size());
  }
  std::cout << files.size() << " inputs ran without a crash\n";
  return 0;
}
