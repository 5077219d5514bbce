#include "harness/run_noise.hpp"

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

// The sum over `cpus` of `column` of each "cpuN" line of /proc/stat.
template <class Column>
double sum_of_cpus(const std::string& proc_stat, const std::vector<int>& cpus, Column column) {
  std::map<int, double> per_cpu;
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
      per_cpu[cpu] = column(values);
  }
  double total = 0;
  for (int cpu : cpus) {
    auto i = per_cpu.find(cpu);
    if (i == per_cpu.end())
      return unknown;
    total += i->second;
  }
  return total;
}

double seconds_of(const timeval& t) {
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
}

double own_seconds(const noise_counters& before, const noise_counters& after) {
  return (after.own_cpu.user_s - before.own_cpu.user_s)
         + (after.own_cpu.system_s - before.own_cpu.system_s);
}

} // namespace

double steal_ticks(const std::string& proc_stat, const std::vector<int>& cpus) {
  return sum_of_cpus(proc_stat, cpus, [](const double* v) { return v[7]; });
}

double busy_ticks(const std::string& proc_stat, const std::vector<int>& cpus) {
  return sum_of_cpus(proc_stat, cpus,
                     [](const double* v) { return v[0] + v[1] + v[2] + v[5] + v[6]; });
}

noise_counters read_noise_counters() {
  noise_counters out;
  out.cpus = actors::allowed_cpus();
  auto stat = proc_stat_text();
  out.steal_s = steal_ticks(stat, out.cpus) * seconds_per_tick();
  out.busy_s = busy_ticks(stat, out.cpus) * seconds_per_tick();
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) == 0) {
    out.involuntary_switches = static_cast<std::uint64_t>(usage.ru_nivcsw);
    out.own_cpu = {seconds_of(usage.ru_utime), seconds_of(usage.ru_stime)};
  }
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
  out.others_s = before.cpus == after.cpus
                   ? std::max(0.0, (after.busy_s - before.busy_s) - own_seconds(before, after))
                   : unknown;
  // Each CPU's count may be off by up to a tick at either reading: only
  // steal and others' time beyond that are evidence.
  auto slack = static_cast<double>(out.cpus) * seconds_per_tick();
  run_noise sure = out;
  sure.steal_s = std::max(0.0, out.steal_s - slack);
  sure.others_s = std::max(0.0, out.others_s - slack);
  // And a switch or two says little about a run of a few milliseconds.
  out.noisy = steal_share(sure, wall_s) > noisy_steal_share
              || (out.involuntary_switches > 2 && switch_rate_hz(out, wall_s) > noisy_switch_rate_hz
                  && others_share(sure, wall_s) > noisy_others_share);
  return out;
}

double steal_share(const run_noise& n, double wall_s) {
  if (!std::isfinite(n.steal_s) || n.cpus == 0 || !(wall_s > 0))
    return unknown;
  return n.steal_s / (wall_s * static_cast<double>(n.cpus));
}

double others_share(const run_noise& n, double wall_s) {
  if (!std::isfinite(n.others_s) || n.cpus == 0 || !(wall_s > 0))
    return unknown;
  return n.others_s / (wall_s * static_cast<double>(n.cpus));
}

double switch_rate_hz(const run_noise& n, double wall_s) {
  return wall_s > 0 ? static_cast<double>(n.involuntary_switches) / wall_s : 0;
}

} // namespace actorbench::bench
