#include "bench/rpc_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>

#include "bench/statistics.hpp"
#include "bench/version.hpp"

namespace actorbench::bench {

namespace {

std::string label(const rpc_result& r) {
  return r.mode.tls ? "TLS (client certs)" : "plain";
}

// One row: a name, then one right-aligned figure per mode.
template <class F>
void row(std::ostream& out, const char* name, const std::vector<rpc_result>& results, F figure,
         int decimals = 3) {
  char cell[64];
  std::snprintf(cell, sizeof(cell), "%-40s", name);
  out << cell;
  for (const auto& r : results) {
    std::snprintf(cell, sizeof(cell), "%20.*f", decimals, figure(r));
    out << cell;
  }
  out << '\n';
}

double ms(double us) {
  return us / 1000.0;
}

std::vector<double> minus(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> out(a.size());
  std::transform(a.begin(), a.end(), b.begin(), out.begin(), std::minus<>{});
  return out;
}

void overhead(std::ostream& out, const char* what, double plain, double tls) {
  char line[160];
  std::snprintf(line, sizeof(line), "%s: %+.1f%% (%.3f ms plain, %.3f ms TLS)\n", what,
                (tls / plain - 1) * 100, ms(plain), ms(tls));
  out << line;
}

} // namespace

void write_rpc_table(const std::vector<rpc_result>& results, const rpc_settings& s,
                     std::ostream& out) {
  if (results.empty())
    return;
  out << "actorbench " << tool_version << " rpc: hello(\"" << s.name << "\") to ";
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& target = results[i].mode.target;
    out << (i > 0 ? " and " : "") << target.host << ':' << target.port;
    if (results.size() > 1)
      out << " (" << (results[i].mode.tls ? "TLS" : "plain") << ')';
  }
  out << "; " << s.requests << " requests per mode in " << s.rounds
      << (results.size() > 1 ? " interleaved" : "") << " rounds after " << s.warmup
      << " warm-up; " << (s.reconnect ? "a new connection per request" : "one persistent connection")
      << '\n';
  out << "client busy-waits up to " << s.spin.count() << " us per reply before blocking";
  if (s.spin_cpu) {
    out << " on CPU " << *s.spin_cpu << " alone; its CAF threads" << (s.hello_on ? " and the servers" : "")
        << " on CPU";
    for (std::size_t i = 0; i < s.other_cpus.size(); ++i)
      out << (i == 0 ? " " : ",") << s.other_cpus[i];
  }
  if (s.hello_on)
    out << "; server's hello actor on the "
        << (*s.hello_on == actors::hello_host::multiplexer ? "middleman's multiplexer thread"
                                                          : "scheduler");
  out << '\n';
  if (s.reconnect)
    out << "latency = connect (TCP, TLS and CAF handshakes) + request; starting and stopping the "
           "client's actor system is timed apart\n";
  out << '\n';
  char cell[64];
  std::snprintf(cell, sizeof(cell), "%-40s", "");
  out << cell;
  for (const auto& r : results) {
    std::snprintf(cell, sizeof(cell), "%20s", label(r).c_str());
    out << cell;
  }
  out << '\n';
  row(out, "mean (ms/request)", results, [](auto& r) {
    return ms(summarize(r.latency_us).mean);
  });
  row(out, "median (ms/request)", results, [](auto& r) { return ms(median(r.latency_us)); });
  row(out, "p99 (ms/request)", results, [](auto& r) { return ms(percentile(r.latency_us, 99)); });
  row(out, "max (ms/request)", results, [](auto& r) { return ms(percentile(r.latency_us, 100)); });
  row(out, "min (ms/request)", results, [](auto& r) { return ms(percentile(r.latency_us, 0)); });
  row(out, "requests/s (wall, all included)", results,
      [](auto& r) { return r.wall_seconds > 0 ? r.latency_us.size() / r.wall_seconds : 0.0; }, 0);
  if (s.reconnect) {
    row(out, "connect + handshakes, median (ms)", results,
        [](auto& r) { return ms(median(r.connect_us)); });
    row(out, "request after connect, median (ms)", results,
        [](auto& r) { return ms(median(minus(r.latency_us, r.connect_us))); });
    row(out, "client system start + stop, median (ms)", results,
        [](auto& r) { return ms(median(r.setup_us)); });
  } else {
    row(out, "first connect + handshakes (ms)", results,
        [](auto& r) { return ms(r.connect_us.empty() ? 0 : r.connect_us.front()); });
  }
  row(out, "requests measured", results, [](auto& r) { return double(r.latency_us.size()); }, 0);
  auto plain = std::find_if(results.begin(), results.end(), [](auto& r) { return !r.mode.tls; });
  auto tls = std::find_if(results.begin(), results.end(), [](auto& r) { return r.mode.tls.has_value(); });
  if (plain != results.end() && tls != results.end() && !plain->latency_us.empty()
      && !tls->latency_us.empty()) {
    out << '\n';
    overhead(out, "TLS overhead, median ms/request", median(plain->latency_us), median(tls->latency_us));
    overhead(out, "TLS overhead, mean ms/request", summarize(plain->latency_us).mean,
             summarize(tls->latency_us).mean);
    if (s.reconnect) {
      char line[160];
      std::snprintf(line, sizeof(line),
                    "TLS handshake cost per new connection: %+.3f ms (median connect, TLS minus "
                    "plain)\n",
                    ms(median(tls->connect_us) - median(plain->connect_us)));
      out << line;
    }
    out << "p = " << mann_whitney_u_p_value(plain->latency_us, tls->latency_us)
        << " (Mann-Whitney U, plain vs TLS latencies)\n";
  }
  if (results.front().partial)
    out << "partial: interrupted before every request was measured\n";
}

} // namespace actorbench::bench
