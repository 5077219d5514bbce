#include "bench/scenarios/shared/node_params.hpp"

#include "bench/scenarios/shared/tls_options.hpp"

namespace actorbench::bench {

void declare_node_params(declaration& d, std::string nodes_help) {
  d.text("nodes").def_help("none").group("worker nodes").help(std::move(nodes_help));
  tls_param_texts texts;
  texts.group = "worker nodes";
  declare_tls_params(d, texts);
}

} // namespace actorbench::bench
