#include "bench/scenarios/shared/fanout_settings.hpp"

#include <algorithm>

#include <sched.h>

#include "actors/runtime/cpu_pinning.hpp"
#include "bench/scenarios/shared/tls_options.hpp"
#include "bench/harness/value_list.hpp"

namespace actorbench::bench {

result<std::vector<int>> pinned_cpus(const configuration& c) {
  auto text = c.text_or("pin");
  std::vector<int> cpus;
  if (text.empty())
    return cpus;
  auto allowed = actors::allowed_cpus();
  std::string allowed_text;
  for (auto cpu : allowed)
    allowed_text += (allowed_text.empty() ? "" : ",") + std::to_string(cpu);
  auto list = parse_count_list("--pin", text, 0, CPU_SETSIZE - 1);
  if (!list)
    return bad_input("invalid --pin '" + text + "': expected CPU numbers from " + allowed_text);
  for (auto cpu : *list) {
    if (std::find(allowed.begin(), allowed.end(), static_cast<int>(cpu)) == allowed.end())
      return bad_input("invalid --pin '" + text + "': CPU " + std::to_string(cpu)
                       + " is not available; expected CPU numbers from " + allowed_text);
    cpus.push_back(static_cast<int>(cpu));
  }
  return cpus;
}

result<std::vector<endpoint>> worker_nodes(const configuration& c) {
  auto text = c.text_or("nodes");
  if (text.empty())
    return std::vector<endpoint>{};
  return parse_endpoint_list("--nodes", text);
}

result<std::optional<actors::tls_settings>> tls_of(const configuration& c) {
  return validate_tls(tls_values_of(c));
}

result<std::vector<endpoint>> checked_nodes(const configuration& c, const std::string& what) {
  auto nodes = worker_nodes(c);
  if (!nodes)
    return nodes.err();
  if (nodes->empty() && c.is_on("tls"))
    return bad_input("--tls needs --nodes: it secures the connections to " + what);
  if (auto ok = tls_of(c); !ok)
    return ok.err();
  return nodes;
}

std::chrono::milliseconds run_timeout(const configuration& c) {
  if (auto s = c.integer_if_set("timeout"))
    return std::chrono::seconds{*s};
  // By default a run may take a minute plus 20 us per actor before it counts as hung.
  auto procs = c.integer("procs");
  return std::chrono::milliseconds{60'000 + procs / 50};
}

std::chrono::milliseconds connect_timeout(const configuration& c) {
  if (auto s = c.integer_if_set("connect-timeout"))
    return std::chrono::seconds{*s};
  if (auto s = c.integer_if_set("timeout"))
    return std::chrono::seconds{*s};
  return std::chrono::seconds{10};
}

result<actors::scheduler_settings> scheduler_of(const configuration& c) {
  auto cpus = pinned_cpus(c);
  if (!cpus)
    return cpus.err();
  actors::scheduler_settings s;
  s.threads = static_cast<std::size_t>(c.integer_if_set("threads").value_or(0));
  s.policy = c.word("policy");
  s.cpus = std::move(*cpus);
  s.lean_clock = c.word("clock") == "lean";
  return s;
}

} // namespace actorbench::bench
