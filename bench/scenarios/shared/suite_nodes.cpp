#include "bench/scenarios/shared/suite_nodes.hpp"

#include "bench/scenarios/shared/fanout_settings.hpp"

namespace actorbench::bench {

result<suite_node_choice> node_choice_of(const configuration& c) {
  auto nodes = worker_nodes(c);
  if (!nodes)
    return nodes.err();
  auto tls = tls_of(c);
  if (!tls)
    return tls.err();
  return suite_node_choice{std::move(*nodes), std::move(*tls)};
}

actors::result<suite_nodes>
connect_suite_nodes(const suite_run& in, const suite_node_choice& choice,
                    std::function<void(caf::actor_system_config&)> add_message_types,
                    const std::string& policy) {
  actors::remote_settings settings;
  settings.scheduler.threads = static_cast<std::size_t>(in.config.integer("threads"));
  settings.scheduler.policy = policy;
  settings.tls = choice.tls;
  settings.add_message_types = std::move(add_message_types);
  auto rt = actors::remote_runtime::create(settings);
  if (!rt)
    return rt.err();
  suite_nodes out;
  out.runtime = std::move(*rt);
  for (const auto& n : choice.nodes) {
    auto node = actors::connect_node(*out.runtime, n.host, n.port, in.timeout);
    if (!node)
      return node.err();
    out.nodes.push_back(std::move(*node));
  }
  return out;
}

void add_transport_fact(run_record& r, const suite_node_choice& choice) {
  if (!choice.nodes.empty())
    r.facts["transport"] = std::string{choice.tls ? "tls" : "plain"};
}

} // namespace actorbench::bench
