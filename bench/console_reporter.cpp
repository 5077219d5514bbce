#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "bench/reporter.hpp"
#include "bench/statistics.hpp"

namespace actorbench::bench {

namespace {

constexpr int label_width = 34;
constexpr int column_width = 22;

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

std::string mib(const std::optional<std::uint64_t>& bytes) {
  return bytes ? fixed(*bytes / (1024.0 * 1024.0), 1) : "n/a";
}

std::string bytes_per_actor(const fanout_result& r) {
  if (!r.peak_rss_bytes || !r.idle_rss_bytes || *r.peak_rss_bytes < *r.idle_rss_bytes)
    return "n/a";
  return fixed(double(*r.peak_rss_bytes - *r.idle_rss_bytes) / r.procs, 0);
}

class console_reporter : public reporter {
 public:
  void write(const report& rep, std::ostream& out) const override {
    const auto& m = rep.machine;
    out << "actorbench " << rep.tool_version << " fan-out on " << m.cpu_model << ", " << m.cores
        << " cores; CAF " << m.caf_version << ", " << m.openssl_version << ", "
        << m.libsodium_version << ", " << rep.allocator << " malloc\n";
    if (rep.results.empty())
      return;
    const auto& first = rep.results.front();
    out << "seconds from the first spawn until the collector has every reply; " << first.runs
        << " runs after " << first.warmup << " warm-up, " << first.threads
        << " scheduler threads (" << first.policy << "), spawned by " << first.spawn
        << "\n\n";

    using row_fn = std::function<std::string(const fanout_result&)>;
    auto stat = [](double summary::*field) {
      return row_fn{[field](const fanout_result& r) {
        return fixed(summarize(r.samples_s).*field, 4);
      }};
    };
    auto phase = [](std::vector<double> fanout_result::*series) {
      return row_fn{[series](const fanout_result& r) { return fixed(median(r.*series), 4); }};
    };
    const std::vector<std::pair<const char*, row_fn>> rows = {
      {"", [](const fanout_result& r) { return std::to_string(r.procs) + " procs"; }},
      {"", [](const fanout_result& r) { return std::string{"crypto "} + (r.crypto ? "on" : "off"); }},
      {"", [](const fanout_result& r) { return r.crypto ? r.backend + "/" + r.cipher : "-"; }},
      {"average (s)", stat(&summary::mean)},
      {"maximum (s)", stat(&summary::max)},
      {"minimum (s)", stat(&summary::min)},
      {"median (s)", stat(&summary::median)},
      {"std dev (s)", stat(&summary::stddev)},
      {"actors/s (median)",
       [](const fanout_result& r) {
         auto med = median(r.samples_s);
         return med > 0 ? fixed(r.procs / med, 0) : "n/a";
       }},
      {"phase: spawn done (median s)", phase(&fanout_result::spawn_s)},
      {"phase: replies in (median s)", phase(&fanout_result::samples_s)},
      {"phase: teardown done (median s)", phase(&fanout_result::teardown_s)},
      {"peak RSS (MiB)", [](const fanout_result& r) { return mib(r.peak_rss_bytes); }},
      {"RSS per actor (bytes)", bytes_per_actor},
      {"mismatches", [](const fanout_result& r) { return std::to_string(r.mismatches); }},
    };
    for (const auto& [label, fn] : rows) {
      char head[64];
      std::snprintf(head, sizeof(head), "%-*s", label_width, label);
      out << head;
      for (const auto& r : rep.results) {
        char cell[96];
        std::snprintf(cell, sizeof(cell), "%*s", column_width, fn(r).c_str());
        out << cell;
      }
      out << '\n';
    }
  }
};

} // namespace

std::unique_ptr<reporter> make_console_reporter() {
  return std::make_unique<console_reporter>();
}

} // namespace actorbench::bench
