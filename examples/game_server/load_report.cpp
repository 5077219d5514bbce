// The load generator's report: each client checked against what its class
// must have seen, the totals per class, the sessions' opening times, and the
// server's counters' change.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

#include "load_report.hpp"

namespace game::load_generator {

namespace {

/// What a client must have seen; empty if it did.
std::string check(const client_result& r) {
  if (!r.failure.empty())
    return r.failure;
  if (r.kind == client_kind::garbage && !r.udp)
    return r.closed_by_server ? "" : "the server kept the session after a bad frame";
  if (r.kind == client_kind::mitm)
    return r.closed_by_server ? "" : "the server kept a session whose hello was for another key";
  if (r.unexpected > 0)
    return std::to_string(r.unexpected) + " unexpected verdicts, the first " + r.first_unexpected;
  if (r.unanswered() > 0)
    return std::to_string(r.unanswered()) + " packets unanswered"
           + (r.first_uncounted.empty()
                ? std::string{}
                : " (verdicts not counted for them, the first " + r.first_uncounted + ")");
  return "";
}

double percentile(std::vector<float>& xs, double p) {
  if (xs.empty())
    return 0;
  auto k = static_cast<std::size_t>(p * static_cast<double>(xs.size() - 1));
  std::nth_element(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(k), xs.end());
  return xs[k];
}

/// Totals of one client class.
struct class_sum {
  std::uint64_t clients = 0, sent = 0, lost = 0, unanswered = 0, failed = 0;
  std::array<std::uint64_t, game::verdict_count> verdicts{};
};

/// 153398 -> "153,398".
std::string grouped(double n) {
  auto text = std::to_string(static_cast<long long>(std::llround(n)));
  for (auto at = static_cast<int>(text.size()) - 3; at > 0; at -= 3)
    text.insert(static_cast<std::size_t>(at), ",");
  return text;
}

/// The clients added up: per class, every latency, the counts outside the
/// table, and what went wrong (at most 10 lines and a count).
struct client_totals {
  std::array<class_sum, game::kind_count> sums{};
  std::vector<float> latencies;
  std::vector<std::string> problems;
  std::uint64_t all_sent = 0, unmatched = 0, copies = 0, uncounted = 0, bad_welcomes = 0,
                bad_byes = 0;
  std::array<std::uint64_t, dropped_frame_count> dropped{};
};

client_totals add_up(const std::vector<client_result>& results) {
  client_totals t;
  auto& sums = t.sums;
  auto& latencies = t.latencies;
  auto& problems = t.problems;
  std::size_t failed_clients = 0;
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    auto& s = sums[static_cast<std::size_t>(r.kind)];
    ++s.clients;
    s.sent += r.sent;
    s.lost += r.lost;
    for (std::size_t v = 0; v < game::verdict_count; ++v)
      s.verdicts[v] += r.verdicts[v];
    s.unanswered += r.unanswered();
    latencies.insert(latencies.end(), r.latencies.begin(), r.latencies.end());
    auto problem = check(r);
    if (!problem.empty()) {
      ++s.failed;
      if (++failed_clients <= 10)
        problems.push_back("client " + std::to_string(i) + " (" + std::string{to_string(r.kind)}
                           + "): " + problem);
    }
  }
  if (failed_clients > problems.size())
    problems.push_back(std::to_string(failed_clients - problems.size()) + " more clients");
  for (const auto& r : results) {
    t.unmatched += r.unmatched;
    t.copies += r.copies;
    t.uncounted += r.uncounted;
    for (std::size_t d = 0; d < dropped_frame_count; ++d)
      t.dropped[d] += r.dropped[d];
    t.bad_welcomes += r.bad_welcomes;
    t.bad_byes += r.bad_byes;
    t.all_sent += r.sent;
  }
  return t;
}

/// Prints the table of classes; returns the packets that went on the wire.
std::uint64_t print_classes(const std::array<class_sum, game::kind_count>& sums) {
  std::uint64_t total_sent = 0;
  std::printf("%-10s %8s %9s %7s %9s %9s %9s %9s %9s %10s %7s\n", "class", "clients", "sent",
              "lost", "accepted", "malformed", "forged", "duplicate", "too_old", "unanswered",
              "failed");
  for (auto k : game::all_kinds) {
    const auto& s = sums[static_cast<std::size_t>(k)];
    total_sent += s.sent - s.lost;
    if (s.clients == 0)
      continue;
    std::printf("%-10s %8llu %9llu %7llu", std::string{to_string(k)}.c_str(),
                (unsigned long long)s.clients, (unsigned long long)s.sent,
                (unsigned long long)s.lost);
    for (auto v : s.verdicts)
      std::printf(" %9llu", (unsigned long long)v);
    std::printf(" %10llu %7llu\n", (unsigned long long)s.unanswered, (unsigned long long)s.failed);
  }
  return total_sent;
}

/// "not_a_frame 0, hello 2, ...": every reason, in order.
std::string dropped_by_reason(const std::array<std::uint64_t, dropped_frame_count>& dropped) {
  std::string text;
  for (std::size_t d = 0; d < dropped_frame_count; ++d)
    text += (d > 0 ? ", " : "") + std::string{dropped_frame_names[d]} + ' '
            + std::to_string(dropped[d]);
  return text;
}

} // namespace

std::vector<std::string> report_clients(const std::vector<client_result>& results,
                                        std::chrono::duration<double> elapsed,
                                        const options& opts) {
  auto t = add_up(results);
  // Each client sends for --duration once welcomed: the rate over that time.
  std::printf(
    "achieved %s of %s packets/s (%llu clients at %.0f/s for %.0f s; lost ones "
    "count as sent)\n\n",
    grouped(static_cast<double>(t.all_sent) / opts.duration.count()).c_str(),
    grouped(static_cast<double>(opts.clients) * opts.rate).c_str(),
    (unsigned long long)opts.clients, opts.rate, opts.duration.count());
  const auto total_sent = print_classes(t.sums);
  std::printf(
    "packets: %llu in %.2f s (%.0f/s); verdict latency median %.3f ms, "
    "99th percentile %.3f ms, max %.3f ms\n",
    (unsigned long long)total_sent, elapsed.count(),
    static_cast<double>(total_sent) / elapsed.count(), percentile(t.latencies, 0.5) * 1e3,
    percentile(t.latencies, 0.99) * 1e3, percentile(t.latencies, 1.0) * 1e3);
  std::printf(
    "verdicts not counted: %llu (unmatched %llu: naming no packet its client sent, forged or "
    "on spoofed packets; copies %llu: for packets already answered; %llu forged or duplicate "
    "for a packet awaiting another); welcomes that did not verify: %llu; byes that did not "
    "verify (ignored): %llu\n",
    (unsigned long long)(t.unmatched + t.copies + t.uncounted), (unsigned long long)t.unmatched,
    (unsigned long long)t.copies, (unsigned long long)t.uncounted,
    (unsigned long long)t.bad_welcomes, (unsigned long long)t.bad_byes);
  std::printf("frames dropped unread: %llu (%s)\n", (unsigned long long)dropped_total(results),
              dropped_by_reason(t.dropped).c_str());
  return t.problems;
}

std::uint64_t dropped_total(const std::vector<client_result>& results) {
  std::uint64_t n = 0;
  for (const auto& r : results)
    for (auto d : r.dropped)
      n += d;
  return n;
}

std::uint64_t unmatched_total(const std::vector<client_result>& results) {
  std::uint64_t n = 0;
  for (const auto& r : results)
    n += r.unmatched;
  return n;
}

void report_sessions(const std::vector<client_result>& results, clock_type::time_point connecting,
                     clock_type::time_point hellos) {
  std::vector<float> waits;
  for (const auto& r : results)
    if (r.welcomed_at)
      waits.push_back(std::chrono::duration<float>(*r.welcomed_at - hellos).count());
  if (waits.empty())
    return;
  const double last = *std::max_element(waits.begin(), waits.end());
  const double made = std::chrono::duration<double>(hellos - connecting).count();
  std::printf(
    "sessions: %zu of %zu welcomed, the last %.3f s after the first hello (%.0f/s); "
    "median %.3f s; the clients were made in %.3f s before\n",
    waits.size(), results.size(), last, static_cast<double>(waits.size()) / last,
    percentile(waits, 0.5), made);
}

bool left_behind(const game::server_stats& b, const game::server_stats& a) {
  return a.sessions_open > b.sessions_open || a.udp_addresses > b.udp_addresses;
}

std::optional<std::string> report_server(const game::server_stats& b, const game::server_stats& a) {
  std::printf(
    "server: sessions open %llu before, %llu after (%llu opened); packets accepted "
    "+%llu, malformed +%llu, forged +%llu, duplicate +%llu, too old +%llu; connections "
    "closed for protocol errors +%llu; UDP addresses %llu before, %llu after\n",
    (unsigned long long)b.sessions_open, (unsigned long long)a.sessions_open,
    (unsigned long long)(a.sessions_opened - b.sessions_opened),
    (unsigned long long)(a.packets_accepted - b.packets_accepted),
    (unsigned long long)(a.packets_malformed - b.packets_malformed),
    (unsigned long long)(a.packets_forged - b.packets_forged),
    (unsigned long long)(a.packets_duplicate - b.packets_duplicate),
    (unsigned long long)(a.packets_too_old - b.packets_too_old),
    (unsigned long long)(a.protocol_errors - b.protocol_errors),
    (unsigned long long)b.udp_addresses, (unsigned long long)a.udp_addresses);
  if (a.sessions_open > b.sessions_open)
    return "the server kept " + std::to_string(a.sessions_open - b.sessions_open)
           + " sessions open after their clients left";
  if (a.udp_addresses > b.udp_addresses)
    return "the server kept " + std::to_string(a.udp_addresses - b.udp_addresses)
           + " UDP addresses after their clients left";
  return std::nullopt;
}

} // namespace game::load_generator
