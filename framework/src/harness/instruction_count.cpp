#include "bench/harness/instruction_count.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace actorbench::bench {

namespace {

namespace fs = std::filesystem;

// The file callgrind writes at the child's exit; removed once read.
struct output_file {
  std::string path;
  ~output_file() {
    std::error_code ignored;
    fs::remove(path, ignored);
  }
};

std::string fresh_output_path() {
  static std::size_t made = 0;
  std::error_code ec;
  auto dir = fs::temp_directory_path(ec);
  if (ec)
    dir = "/tmp";
  return (dir
          / ("actorbench-callgrind-" + std::to_string(::getpid()) + "-" + std::to_string(made++)
             + ".out"))
    .string();
}

// valgrind resolves /proc/self/exe to itself: it needs this binary's own path.
std::string program_path(const std::string& program) {
  std::error_code ec;
  auto target = fs::read_symlink(program, ec);
  return ec ? program : target.string();
}

// Instrumentation starts off and only the measured run turns it on, so
// start-up, set-up and the child's warm-ups count nothing. Callgrind's
// instrumentation covers every thread (its collection toggle would cover
// only the thread that flips it).
isolation_settings under_callgrind(const isolation_settings& settings, const std::string& out) {
  auto wrapped = settings;
  wrapped.program = valgrind_program;
  wrapped.command_line = {valgrind_program,       "--tool=callgrind", "-q",
                          "--instr-atstart=no", "--callgrind-out-file=" + out,
                          program_path(settings.program)};
  if (!settings.command_line.empty())
    wrapped.command_line.insert(wrapped.command_line.end(), settings.command_line.begin() + 1,
                                settings.command_line.end());
  return wrapped;
}

} // namespace

std::string instructions_metric_name(const std::string& unit) {
  return "instructions_per_" + unit;
}

result<void> count_instructions_in(declaration& d, const std::string& valgrind) {
  if (d.work_unit.empty())
    return bad_input("invalid --measure 'instructions': " + d.name
                     + " declares no work unit to count instructions per");
  if (::access(valgrind.c_str(), X_OK) != 0)
    return runtime_failure("--measure instructions needs valgrind (" + valgrind
                           + " is missing): install Debian's package valgrind");
  auto name = instructions_metric_name(d.work_unit);
  if (d.find_metric(name) != nullptr)
    return {};
  for (auto& m : d.metrics)
    m.headline = false;
  // The unit is said beside the count ("4597 instructions"), not left bare.
  d.metric(name, "instructions")
    .headline()
    .help("Instructions executed per " + d.work_unit
          + " by every thread during the measured run, counted by valgrind's callgrind "
            "(start-up, set-up and warm-ups excluded)");
  // The headline leads the table.
  std::rotate(d.metrics.begin(), d.metrics.end() - 1, d.metrics.end());
  return {};
}

result<std::uint64_t> read_callgrind_total(const std::string& path) {
  std::ifstream in{path};
  if (!in)
    return runtime_failure("cannot read callgrind's output " + path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("totals:", 0) != 0)
      continue;
    std::istringstream fields{line.substr(7)};
    std::uint64_t total = 0;
    if (fields >> total)
      return total;
  }
  return runtime_failure("callgrind's output " + path + " has no totals line");
}

result<run_result> count_in_child(const isolation_settings& settings, const child_run& run,
                                  double wait_s, const std::atomic<bool>& stop,
                                  const std::string& metric) {
  output_file out{fresh_output_path()};
  auto measured = run_in_child(under_callgrind(settings, out.path), run, wait_s, stop);
  if (!measured || run.warmup)
    return measured;
  auto total = read_callgrind_total(out.path);
  if (!total)
    return total.err();
  auto units = measured->record.facts.find(work_units_fact);
  const auto* count = units == measured->record.facts.end()
                        ? nullptr
                        : std::get_if<double>(&units->second);
  if (count == nullptr || !(*count > 0))
    return runtime_failure("the run reported no work units to count instructions per");
  measured->record.add(metric, static_cast<double>(*total) / *count);
  return measured;
}

} // namespace actorbench::bench
