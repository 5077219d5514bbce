#include "actors/remote/caf_protections.hpp"

#include "actors/remote/basp_payload_limit.hpp"
#include "actors/remote/fd_reserve.hpp"
#include "remote/tls_error_queue.hpp"
#include "actors/remote/tls_monitor.hpp"
#include "remote/tls_write_interest.hpp"

namespace actorbench::actors::caf_protections {

std::string fd_reserve_name() {
  return "fd_reserve (an acceptor that does not spin when out of file descriptors)";
}

std::vector<std::string> enable(bool tls) {
  std::vector<std::string> missing;
  if (!fd_reserve::enable())
    missing.push_back(fd_reserve_name());
  if (!basp_payload_limit::enable())
    missing.push_back("basp_payload_limit (one BASP header cannot reserve up to 4 GiB)");
  if (!tls)
    return missing;
  if (!tls_monitor::install())
    missing.push_back("tls_monitor (refused handshakes seen, no anonymous ciphers)");
  if (!tls_error_queue::enable())
    missing.push_back("tls_error_queue (one failing TLS connection cannot close the others)");
  if (!tls_write_interest::enable())
    missing.push_back("tls_write_interest (a silent TLS connection cannot keep a core busy)");
  return missing;
}

std::string refusal(const std::vector<std::string>& missing, const std::string& opt_out) {
  std::string names;
  for (const auto& m : missing)
    names += (names.empty() ? "" : ", ") + m;
  return "the CAF protection" + std::string{missing.size() > 1 ? "s " : " "}
         + names + (missing.size() > 1 ? " are" : " is")
         + " not active in this program; link the executable with " + link_line
         + ", or opt out with " + opt_out;
}

} // namespace actorbench::actors::caf_protections
