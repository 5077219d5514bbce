#pragma once

// The load generator's report: the clients' table of classes and verdicts,
// how fast the sessions opened, and the server's counters before and after.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "load_options.hpp"
#include "load_plan.hpp"
#include "packet_codec.hpp"

namespace game::load_generator {

/// Prints the verdict line (the rate the clients achieved against the one
/// asked for), the table of classes and the totals, and returns what went
/// wrong (at most 10 lines and a count).
std::vector<std::string> report_clients(const std::vector<client_result>& results,
                                        std::chrono::duration<double> elapsed, const options& opts);

/// Frames the clients dropped unread (unexpected kinds, bad datagrams), and
/// verdicts naming no packet a client sent: neither fails a run.
std::uint64_t dropped_total(const std::vector<client_result>& results);
std::uint64_t unmatched_total(const std::vector<client_result>& results);

/// Prints how fast the sessions opened: the handshake storm's figure, from
/// the first hello (every client exists then), and from the first connect.
void report_sessions(const std::vector<client_result>& results, clock_type::time_point connecting,
                     clock_type::time_point hellos);

/// Whether the server still holds more sessions or UDP addresses than before.
bool left_behind(const game::server_stats& b, const game::server_stats& a);

/// Prints the server's counters' change; a problem if sessions or UDP
/// addresses were not freed.
std::optional<std::string> report_server(const game::server_stats& b, const game::server_stats& a);

} // namespace game::load_generator
