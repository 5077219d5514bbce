#include "bench/rpc_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <string>

#include <nlohmann/json.hpp>

#include "bench/json_common.hpp"
#include "bench/rpc_options.hpp"
#include "bench/harness/statistics.hpp"
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

double requests_per_s(const rpc_result& r) {
  return r.wall_seconds > 0 ? r.latency_us.size() / r.wall_seconds : 0.0;
}

const rpc_result* find_mode(const std::vector<rpc_result>& results, bool tls) {
  for (const auto& r : results)
    if (r.mode.tls.has_value() == tls && !r.latency_us.empty())
      return &r;
  return nullptr;
}

nlohmann::json mode_json(const rpc_result& r, const rpc_settings& s) {
  const auto& lat = r.latency_us;
  nlohmann::json ms_stats = {{"mean", json_number(ms(summarize(lat).mean))},
                             {"median", json_number(ms(median(lat)))},
                             {"p99", json_number(ms(percentile(lat, 99)))},
                             {"max", json_number(ms(percentile(lat, 100)))},
                             {"min", json_number(ms(percentile(lat, 0)))}};
  nlohmann::json out = {{"mode", r.mode.tls ? "tls" : "plain"},
                        {"target", to_string(r.mode.target)},
                        {"requests_measured", lat.size()},
                        {"latency_ms", std::move(ms_stats)},
                        {"requests_per_s", json_number(requests_per_s(r))},
                        {"wall_s", json_number(r.wall_seconds)},
                        {"partial", r.partial},
                        {"latency_us", lat},
                        {"connect_us", r.connect_us}};
  if (s.reconnect)
    out["setup_us"] = r.setup_us;
  return out;
}

void write_json(const std::vector<rpc_result>& results, const rpc_settings& s,
                const machine_info& machine, const std::string& git_commit, std::ostream& out) {
  auto modes = nlohmann::json::array();
  for (const auto& r : results)
    modes.push_back(mode_json(r, s));
  nlohmann::json doc = {
    {"tool", tool_json("rpc", git_commit)},
    {"machine", to_json(machine)},
    {"parameters",
     {{"name", s.name},
      {"requests", s.requests},
      {"warmup", s.warmup},
      {"rounds", s.rounds},
      {"reconnect", s.reconnect},
      {"timeout_s", s.timeout.count() / 1000.0},
      {"spin_us", s.spin.count()},
      {"spin_cpu", s.spin_cpu ? nlohmann::json(*s.spin_cpu) : nlohmann::json()},
      {"other_cpus", s.other_cpus},
      {"hello_on", s.hello_on ? nlohmann::json(actors::to_string(*s.hello_on)) : nlohmann::json()},
      {"client_threads", s.threads}}},
    {"definitions",
     {{"latency", s.reconnect ? "from starting to connect until the reply was in and checked"
                              : "from sending the request until the reply was in and checked"},
      {"percentiles", "nearest rank over the measured requests"}}},
    {"modes", std::move(modes)}};
  const auto* plain = find_mode(results, false);
  const auto* tls = find_mode(results, true);
  if (plain != nullptr && tls != nullptr)
    doc["tls_overhead"] = {
      {"median_ratio", json_number(median(tls->latency_us) / median(plain->latency_us))},
      {"mean_ratio",
       json_number(summarize(tls->latency_us).mean / summarize(plain->latency_us).mean)},
      {"mann_whitney_u_p",
       json_number(mann_whitney_u_p_value(plain->latency_us, tls->latency_us))}};
  out << doc.dump(2) << '\n';
}

void write_csv(const std::vector<rpc_result>& results, const rpc_settings& s, std::ostream& out) {
  out << "mode,target,request,latency_us,connect_us,setup_us\n";
  char cell[32];
  auto number = [&](const std::vector<double>& v, std::size_t i) {
    if (i >= v.size())
      return std::string{};
    std::snprintf(cell, sizeof(cell), "%.3f", v[i]);
    return std::string{cell};
  };
  for (const auto& r : results) {
    const std::string prefix =
      std::string{r.mode.tls ? "tls" : "plain"} + ',' + to_string(r.mode.target) + ',';
    for (std::size_t i = 0; i < r.latency_us.size(); ++i)
      out << prefix << i + 1 << ',' << number(r.latency_us, i) << ','
          << (s.reconnect ? number(r.connect_us, i) : std::string{}) << ',' << number(r.setup_us, i)
          << '\n';
  }
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
    out << (i > 0 ? " and " : "") << to_string(target);
    if (results.size() > 1)
      out << " (" << (results[i].mode.tls ? "TLS" : "plain") << ')';
  }
  out << "; " << s.requests << " requests per mode in " << s.rounds
      << (results.size() > 1 ? " interleaved" : "") << " rounds after " << s.warmup << " warm-up; "
      << (s.reconnect ? "a new connection per request" : "one persistent connection") << '\n';
  out << "client busy-waits up to " << s.spin.count() << " us per reply before blocking";
  if (s.spin_cpu) {
    out << " on CPU " << *s.spin_cpu << " alone; its CAF threads"
        << (s.hello_on ? " and the servers" : "") << " on CPU";
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
  row(out, "mean (ms/request)", results, [](auto& r) { return ms(summarize(r.latency_us).mean); });
  row(out, "median (ms/request)", results, [](auto& r) { return ms(median(r.latency_us)); });
  row(out, "p99 (ms/request)", results, [](auto& r) { return ms(percentile(r.latency_us, 99)); });
  row(out, "max (ms/request)", results, [](auto& r) { return ms(percentile(r.latency_us, 100)); });
  row(out, "min (ms/request)", results, [](auto& r) { return ms(percentile(r.latency_us, 0)); });
  row(out, "requests/s (wall, all included)", results, requests_per_s, 0);
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
  row(
    out, "requests measured", results, [](auto& r) { return double(r.latency_us.size()); }, 0);
  const auto* plain = find_mode(results, false);
  const auto* tls = find_mode(results, true);
  if (plain != nullptr && tls != nullptr) {
    out << '\n';
    overhead(out, "TLS overhead, median ms/request", median(plain->latency_us),
             median(tls->latency_us));
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

void write_rpc_report(const std::vector<rpc_result>& results, const rpc_settings& settings,
                      const machine_info& machine, const std::string& git_commit,
                      output_format format, std::ostream& out) {
  switch (format) {
    case output_format::json:
      write_json(results, settings, machine, git_commit, out);
      return;
    case output_format::csv:
      write_csv(results, settings, out);
      return;
    case output_format::markdown:
    case output_format::table:
      break;
  }
  write_rpc_table(results, settings, out);
}

} // namespace actorbench::bench
