#include "bench/scenarios/shared/node_params.hpp"

namespace actorbench::bench {

void declare_node_params(declaration& d, std::string nodes_help) {
  d.text("nodes").def_help("none").group("worker nodes").help(std::move(nodes_help));
  d.flag("tls")
    .def("off")
    .fixed()
    .group("worker nodes")
    .help("TLS with mutual certificate authentication (needs --cert, --key and --ca)");
  d.text("cert").group("worker nodes").unit("file").help("This endpoint's certificate (PEM)");
  d.text("key")
    .group("worker nodes")
    .unit("file")
    .help("This endpoint's private key (PEM, unencrypted; never printed)");
  d.text("ca")
    .group("worker nodes")
    .unit("file")
    .help("CA certificate(s) the peer's certificate must chain to (PEM)");
}

} // namespace actorbench::bench
