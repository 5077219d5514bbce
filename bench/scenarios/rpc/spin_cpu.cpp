#include "bench/scenarios/rpc/spin_cpu.hpp"

#include <sched.h>

#include <algorithm>

#include "actors/runtime/cpu_pinning.hpp"
#include "bench/harness/value_list.hpp"

namespace actorbench::bench {

result<spin_placement> place_spinner(const std::string& text, long long spin_us) {
  spin_placement out;
  // Pinned by default: unpinned, a multiplexer thread often sleeps on the
  // spinner's CPU and a whole run lands twice as slow (bench/NOTEBOOK.md).
  auto allowed = actors::allowed_cpus();
  if (text == "auto") {
    if (spin_us > 0 && allowed.size() >= 2) {
      out.cpu = allowed.front();
      out.others.assign(allowed.begin() + 1, allowed.end());
    }
    return out;
  }
  if (text == "off")
    return out;
  auto cpu = parse_count("--spin-cpu", text, 0, CPU_SETSIZE - 1);
  if (!cpu || std::find(allowed.begin(), allowed.end(), static_cast<int>(*cpu)) == allowed.end())
    return bad_input("invalid --spin-cpu '" + text
                     + "': expected auto, off or one of the CPUs this process may use");
  for (auto c : allowed)
    if (c != static_cast<int>(*cpu))
      out.others.push_back(c);
  if (out.others.empty())
    return bad_input("--spin-cpu needs a second CPU for everything else");
  out.cpu = static_cast<int>(*cpu);
  return out;
}

} // namespace actorbench::bench
