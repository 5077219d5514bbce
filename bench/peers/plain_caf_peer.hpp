// plain_caf_peer.hpp: the peers' common protocol for the plain-CAF suite
// peers (plain_caf_pingpong, plain_caf_mailbox, plain_caf_spawn_tree). Shares
// nothing with actorbench on purpose; only these peers include it.
//
// Protocol: PROGRAM RUNS [SIZE...]; each run prints one line
// `seconds=X mismatches=Y` on stdout; errors go to stderr with exit 2 (bad
// arguments) or 1 (a run that did not finish).
#pragma once

#include <caf/all.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace plain_caf_peer {

/// How long main waits for a run's result before giving up: a lost message
/// must end the program, not hang it.
constexpr std::chrono::seconds timeout{120};

/// One run's outcome, as the protocol prints it.
struct outcome {
  double seconds;      ///< wall time from the first spawn to the last check
  uint64_t mismatches; ///< failed checks; 0 when all is right
};

/// Reads `RUNS [SIZE...]`: RUNS and then `defaults.size()` optional sizes,
/// each a positive whole number. Bad input ends the program with exit 2.
inline std::vector<uint64_t> parse_args(int argc, char** argv, const char* usage,
                                        std::vector<uint64_t> defaults) {
  std::vector<uint64_t> values{1};
  values.insert(values.end(), defaults.begin(), defaults.end());
  if (argc - 1 > static_cast<int>(values.size())) {
    std::fprintf(stderr, "usage: %s %s\n", argv[0], usage);
    std::exit(2);
  }
  for (int i = 1; i < argc; ++i) {
    char* end = nullptr;
    unsigned long long x = std::strtoull(argv[i], &end, 10);
    if (argv[i][0] < '0' || argv[i][0] > '9' || *end != '\0' || x == 0) {
      std::fprintf(stderr, "%s: '%s' is not a positive whole number\nusage: %s %s\n", argv[0],
                   argv[i], argv[0], usage);
      std::exit(2);
    }
    values[static_cast<size_t>(i - 1)] = x;
  }
  return values;
}

/// Seconds elapsed since `start`.
inline double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/// Prints one run's line and flushes it, so that a later crash keeps it.
inline void print(const outcome& x) {
  std::printf("seconds=%.6f mismatches=%llu\n", x.seconds,
              static_cast<unsigned long long>(x.mismatches));
  std::fflush(stdout);
}

/// Ends the program after a run timed out. The run's actors may still be
/// alive, and actor_system's destructor would wait for them forever, so this
/// leaves without running destructors.
[[noreturn]] inline void give_up(const char* program, const std::string& what) {
  std::fprintf(stderr, "%s: no result within %lld s: %s\n", program,
               static_cast<long long>(timeout.count()), what.c_str());
  std::fflush(stderr);
  std::_Exit(1);
}

} // namespace plain_caf_peer
