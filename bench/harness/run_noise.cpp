#include "bench/harness/run_noise.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include "actors/runtime/cpu_pinning.hpp"

namespace actorbench::bench {

namespace {

constexpr double unknown = std::numeric_limits<double>::quiet_NaN();

double seconds_per_tick() {
  static const double tick = 1.0 / static_cast<double>(sysconf(_SC_CLK_TCK));
  return tick;
}

std::string proc_stat_text() {
  std::ifstream in{"/proc/stat"};
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

} // namespace

double steal_ticks(const std::string& proc_stat, const std::vector<int>& cpus) {
  std::map<int, double> steal;
  std::istringstream lines{proc_stat};
  std::string line;
  while (std::getline(lines, line)) {
    if (line.compare(0, 3, "cpu") != 0 || line.size() < 4 || line[3] < '0' || line[3] > '9')
      continue;
    std::istringstream fields{line.substr(3)};
    int cpu = 0;
    // user nice system idle iowait irq softirq steal
    double values[8];
    if (!(fields >> cpu))
      continue;
    bool complete = true;
    for (auto& v : values)
      complete = complete && static_cast<bool>(fields >> v);
    if (complete)
      steal[cpu] = values[7];
  }
  double total = 0;
  for (int cpu : cpus) {
    auto i = steal.find(cpu);
    if (i == steal.end())
      return unknown;
    total += i->second;
  }
  return total;
}

noise_counters read_noise_counters() {
  noise_counters out;
  out.cpus = actors::allowed_cpus();
  out.steal_s = steal_ticks(proc_stat_text(), out.cpus) * seconds_per_tick();
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) == 0)
    out.involuntary_switches = static_cast<std::uint64_t>(usage.ru_nivcsw);
  return out;
}

run_noise noise_between(const noise_counters& before, const noise_counters& after,
                        double wall_s) {
  run_noise out;
  out.cpus = after.cpus.size();
  out.steal_s = before.cpus == after.cpus ? std::max(0.0, after.steal_s - before.steal_s) : unknown;
  out.involuntary_switches = after.involuntary_switches >= before.involuntary_switches
                               ? after.involuntary_switches - before.involuntary_switches
                               : 0;
  // Each CPU's count may be off by up to a tick at either reading: only
  // steal beyond that is evidence.
  run_noise sure = out;
  sure.steal_s = std::max(0.0, out.steal_s - static_cast<double>(out.cpus) * seconds_per_tick());
  // And a switch or two says little about a run of a few milliseconds.
  out.noisy = steal_share(sure, wall_s) > noisy_steal_share
              || (out.involuntary_switches > 2 && switch_rate_hz(out, wall_s) > noisy_switch_rate_hz);
  return out;
}

double steal_share(const run_noise& n, double wall_s) {
  if (!std::isfinite(n.steal_s) || n.cpus == 0 || !(wall_s > 0))
    return unknown;
  return n.steal_s / (wall_s * static_cast<double>(n.cpus));
}

double switch_rate_hz(const run_noise& n, double wall_s) {
  return wall_s > 0 ? static_cast<double>(n.involuntary_switches) / wall_s : 0;
}

} // namespace actorbench::bench
