#include "bench/scenarios/rpc/rpc_table_view.hpp"

#include <cmath>
#include <cstdio>
#include <numeric>

#include "bench/harness/ratio_interval.hpp"
#include "bench/harness/run_values.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/pooled_samples.hpp"
#include "bench/output/text_table.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

std::string value_text(const configuration& c, std::string_view name) {
  auto at = c.values.find(name);
  return at == c.values.end() ? std::string{} : to_text(at->second);
}

std::string fact_text(const configuration_result& c, const std::string& name) {
  auto at = c.facts.find(name);
  const auto* s = at == c.facts.end() ? nullptr : std::get_if<std::string>(&at->second);
  return s == nullptr ? std::string{} : *s;
}

bool is_tls(const configuration_result& c) {
  return value_text(c.config, "mode") == "tls";
}

bool reconnect(const scenario_results& r) {
  return value_text(r.configurations.front().config, "reconnect") == "on";
}

std::string label(const configuration_result& c) {
  return (c.source.empty() ? "" : c.source + ": ") + (is_tls(c) ? "TLS (client certs)" : "plain");
}

// Requests over the rounds' wall time, as one figure for the whole mode.
double requests_per_s(const configuration_result& c) {
  double requests = 0, wall = 0;
  for (const auto& run : c.runs) {
    auto lat = run.record.samples.find("latency_s");
    auto rate = run.record.samples.find("requests_per_s");
    if (lat == run.record.samples.end() || rate == run.record.samples.end() || rate->second.empty()
        || rate->second.front() <= 0)
      continue;
    requests += static_cast<double>(lat->second.size());
    wall += static_cast<double>(lat->second.size()) / rate->second.front();
  }
  return wall > 0 ? requests / wall : std::nan("");
}

// -- the lines above the table -----------------------------------------------

std::string targets(const scenario_results& r) {
  std::string out;
  for (const auto& c : r.configurations) {
    out += (out.empty() ? "" : " and ") + fact_text(c, "target");
    if (r.configurations.size() > 1)
      out += std::string{" ("} + (is_tls(c) ? "TLS" : "plain") + ")";
  }
  return out;
}

std::string first_line(const scenario_results& r) {
  const auto& c = r.configurations.front().config;
  return r.tool.name + " " + r.tool.version + " rpc: hello(\"" + value_text(c, "name") + "\") to "
         + targets(r);
}

std::string requests_line(const scenario_results& r) {
  const auto& c = r.configurations.front().config;
  auto runs = r.configurations.front().runs.size();
  return value_text(c, "requests") + " requests per mode in "
         + counted(runs, r.configurations.size() > 1 ? "interleaved run" : "run") + " after "
         + value_text(c, "warmup") + " warm-up; "
         + (reconnect(r) ? "a new connection per request" : "one persistent connection");
}

std::string client_line(const scenario_results& r) {
  const auto& first = r.configurations.front();
  std::string out = "client busy-waits up to " + value_text(first.config, "spin-us")
                    + " µs per reply before blocking";
  auto hello_on = fact_text(first, "hello_on");
  if (auto cpu = first.facts.find("spin_cpu"); cpu != first.facts.end()) {
    out += " on CPU " + to_text(static_cast<std::int64_t>(std::get<double>(cpu->second)))
           + " alone; its CAF threads" + (hello_on.empty() ? "" : " and the servers") + " on CPU";
    std::string list;
    if (auto others = first.facts.find("other_cpus"); others != first.facts.end())
      for (double o : std::get<std::vector<double>>(others->second))
        list += (list.empty() ? " " : ",") + std::to_string(static_cast<int>(o));
    out += list;
  }
  if (!hello_on.empty())
    out += std::string{"; server's hello actor on the "}
           + (hello_on == "multiplexer" ? "middleman's multiplexer thread" : "scheduler");
  return out;
}

// -- the table ----------------------------------------------------------------

void add_row(text_table& t, const scenario_results& r, const std::string& name,
             const std::function<std::string(const configuration_result&)>& cell) {
  std::vector<std::string> row{name};
  for (const auto& c : r.configurations)
    row.push_back(cell(c));
  t.push_back(std::move(row));
}

struct latency_row {
  const char* name;
  double percentile; // NaN: the mean
};

const latency_row latency_rows[] = {
  {"mean", std::nan("")}, {"median", -1}, {"p99", 99}, {"max", 100}, {"min", 0}};

double latency_figure(const configuration_result& c, const latency_row& row) {
  auto lat = pooled_samples(c, "latency_s");
  if (lat.empty())
    return std::nan("");
  if (std::isnan(row.percentile))
    return summarize(lat).mean;
  return row.percentile < 0 ? median(lat) : percentile(lat, row.percentile);
}

display_unit latency_unit(const scenario_results& r, const table_style& style) {
  std::vector<double> all;
  for (const auto& c : r.configurations)
    for (const auto& row : latency_rows)
      all.push_back(latency_figure(c, row));
  return choose_unit(all, "s", style.time_unit);
}

void connection_rows(text_table& t, const scenario_results& r, const table_style& style) {
  auto in = [&](const std::string& name,
                const std::function<double(const configuration_result&)>& f) {
    std::vector<double> values;
    for (const auto& c : r.configurations)
      values.push_back(f(c));
    auto u = choose_unit(values, "s", style.time_unit);
    std::size_t i = 0;
    add_row(t, r, name + " (" + u.name + ")",
            [&](const configuration_result&) { return format_in(values[i++], u); });
  };
  auto med = [](const char* metric) {
    return [metric](const configuration_result& c) {
      auto v = pooled_samples(c, metric);
      return v.empty() ? std::nan("") : median(v);
    };
  };
  if (!reconnect(r)) {
    in("first connect + handshakes", [](const configuration_result& c) {
      auto at = c.facts.find("first_connect_s");
      return at == c.facts.end() ? std::nan("") : std::get<double>(at->second);
    });
    return;
  }
  in("connect + handshakes, median", med("connect_s"));
  in("request after connect, median", [](const configuration_result& c) {
    auto lat = pooled_samples(c, "latency_s"), con = pooled_samples(c, "connect_s");
    std::vector<double> rest(lat.size());
    for (std::size_t i = 0; i < lat.size() && i < con.size(); ++i)
      rest[i] = lat[i] - con[i];
    return rest.empty() ? std::nan("") : median(rest);
  });
  in("client system start + stop, median", med("setup_s"));
}

text_table table(const scenario_results& r, const table_style& style) {
  text_table t{{""}};
  for (const auto& c : r.configurations)
    t.front().push_back(label(c));
  auto u = latency_unit(r, style);
  for (const auto& row : latency_rows)
    add_row(t, r, std::string{row.name} + " (" + u.name + "/request)",
            [&](const configuration_result& c) { return format_in(latency_figure(c, row), u); });
  add_row(t, r, "requests/s (wall, all included)", [](const configuration_result& c) {
    return format_in(requests_per_s(c), {"", 1});
  });
  connection_rows(t, r, style);
  add_row(t, r, "requests measured", [](const configuration_result& c) {
    return std::to_string(pooled_samples(c, "latency_s").size());
  });
  return t;
}

// -- the overhead -------------------------------------------------------------

const configuration_result* find_mode(const scenario_results& r, bool tls) {
  for (const auto& c : r.configurations)
    if (is_tls(c) == tls && !pooled_samples(c, "latency_s").empty())
      return &c;
  return nullptr;
}

std::string percent(double ratio) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%+.1f%%", (ratio - 1) * 100);
  return buf;
}

std::vector<std::string> overhead_lines(const scenario_results& r, const display_unit& u) {
  const auto* plain = find_mode(r, false);
  const auto* tls = find_mode(r, true);
  if (plain == nullptr || tls == nullptr)
    return {};
  const auto& headline = r.scenario.headline();
  auto rel = relative_to(per_run_values(*tls, headline), per_run_values(*plain, headline));
  auto lat_p = pooled_samples(*plain, "latency_s"), lat_t = pooled_samples(*tls, "latency_s");
  auto ms = [&](double v) { return format_in(v, u) + " " + u.name; };
  std::vector<std::string> out{
    "TLS overhead, median ms/request: " + percent(rel.ratio) + " (" + ms(median(lat_p)) + " plain, "
      + ms(median(lat_t)) + " TLS)",
    rel.estimated_only
      ? std::string{"  one run each: no interval"}
      : "  95% interval of the runs' medians: " + percent(rel.low) + " to " + percent(rel.high),
    "TLS overhead, mean ms/request: " + percent(summarize(lat_t).mean / summarize(lat_p).mean)
      + " (" + ms(summarize(lat_p).mean) + " plain, " + ms(summarize(lat_t).mean) + " TLS)"};
  if (reconnect(r)) {
    auto con_p = pooled_samples(*plain, "connect_s"), con_t = pooled_samples(*tls, "connect_s");
    if (!con_p.empty() && !con_t.empty())
      out.push_back("TLS handshake cost per new connection: "
                    + format_value(median(con_t) - median(con_p), "s")
                    + " (median connect, TLS minus plain)");
  }
  char p[64];
  std::snprintf(p, sizeof(p), "p = %.3g", rel.p_value);
  out.push_back(std::string{p} + " (Mann-Whitney U, plain vs TLS per-run medians)");
  return out;
}

class rpc_table : public view {
 public:
  std::string_view name() const override { return "rpc-table"; }

  void write(const scenario_results& r, const table_style& style,
             std::ostream& out) const override {
    if (r.configurations.empty())
      return;
    auto lines = overhead_lines(r, latency_unit(r, style));
    bool partial = !r.stopped.empty();
    for (const auto& c : r.configurations)
      partial = partial || c.partial;
    if (partial)
      lines.push_back("partial: interrupted before every request was measured");
    auto bullet = style.markdown ? "- " : "";
    for (const auto& line : {first_line(r), requests_line(r), client_line(r)})
      out << bullet << line << '\n';
    if (reconnect(r))
      out << bullet
          << "latency = connect (TCP, TLS and CAF handshakes) + request; starting and stopping "
             "the client's actor system is timed apart\n";
    out << '\n';
    auto t = table(r, style);
    if (style.markdown)
      write_markdown_table(t, out);
    else
      write_aligned(t, out);
    if (!lines.empty())
      out << '\n';
    for (const auto& line : lines)
      out << bullet << line << '\n';
  }
};

} // namespace

const view& rpc_table_view() {
  static const rpc_table instance;
  return instance;
}

} // namespace actorbench::bench
