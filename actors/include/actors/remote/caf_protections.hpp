#pragma once

#include <string>
#include <vector>

namespace actorbench::actors::caf_protections {

/// The CMake line that gives a program the protections: the wrappers of
/// remote/interpose/, installed as the package's caf_protections component.
constexpr const char* link_line =
  "target_link_libraries(<your executable> PRIVATE actorbench::caf_protections)";

/// Enables the protections CAF 0.17's middleman needs against a hostile
/// peer: fd_reserve and basp_payload_limit always, and with `tls`
/// tls_monitor, tls_error_queue and tls_write_interest too. Returns those
/// that are not active (each "name (what it prevents)"), empty when all are:
/// a program that does not link actorbench::caf_protections gets them all.
std::vector<std::string> enable(bool tls);

/// The reason for `missing` (from enable()): "the CAF protection NAME is not
/// active in this program; link the executable with LINK_LINE, or opt out
/// with OPT_OUT".
std::string refusal(const std::vector<std::string>& missing, const std::string& opt_out);

/// The entry of enable()'s answer for fd_reserve, for programs that run a
/// CAF acceptor without remote actors (a broker).
std::string fd_reserve_name();

} // namespace actorbench::actors::caf_protections
