#include <algorithm>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bench/comparison.hpp"
#include "bench/reporter.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

namespace {

constexpr int label_width = 34;
constexpr int column_width = 24;
// Wider tables wrap into blocks of this many configurations.
constexpr std::size_t columns_per_block = 4;

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

std::vector<std::string> split_label(const std::string& label) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (;;) {
    auto pos = label.find(", ", start);
    parts.push_back(label.substr(start, pos - start));
    if (pos == std::string::npos)
      return parts;
    start = pos + 2;
  }
}

using row_fn = std::function<std::string(const fanout_result&)>;

std::vector<std::pair<std::string, row_fn>> stat_rows() {
  auto stat = [](double summary::*field, int decimals) {
    return row_fn{[field, decimals](const fanout_result& r) {
      return fixed(summarize(r.samples_s).*field, decimals);
    }};
  };
  auto phase = [](std::vector<double> fanout_result::*series) {
    return row_fn{[series](const fanout_result& r) { return fixed(median(r.*series), 4); }};
  };
  return {
    {"average (s)", stat(&summary::mean, 4)},
    {"maximum (s)", stat(&summary::max, 4)},
    {"minimum (s)", stat(&summary::min, 4)},
    {"median (s)", stat(&summary::median, 4)},
    {"std dev (s)", stat(&summary::stddev, 4)},
    {"99.9% CI of the mean (s, +-)", stat(&summary::ci999, 4)},
    {"coefficient of variation (%)",
     [](const fanout_result& r) { return fixed(100 * summarize(r.samples_s).cv, 1); }},
    {"actors/s (median)",
     [](const fanout_result& r) {
       auto med = median(r.samples_s);
       return med > 0 ? fixed(r.procs / med, 0) : std::string{"n/a"};
     }},
    {"phase: spawn done (median s)", phase(&fanout_result::spawn_s)},
    {"phase: replies in (median s)", phase(&fanout_result::samples_s)},
    {"phase: teardown done (median s)", phase(&fanout_result::teardown_s)},
    {"peak RSS (MiB)",
     [](const fanout_result& r) {
       auto peak = r.max_peak_rss_bytes();
       return peak ? fixed(*peak / (1024.0 * 1024.0), 1) : std::string{"n/a"};
     }},
    {"RSS growth per actor (bytes)",
     [](const fanout_result& r) {
       auto b = r.rss_bytes_per_actor();
       return b ? fixed(*b, 0) : std::string{"n/a"};
     }},
    {"mismatches", [](const fanout_result& r) { return std::to_string(r.mismatches); }},
  };
}

void write_cell_row(std::ostream& out, const std::string& label,
                    const std::vector<std::string>& cells) {
  char head[64];
  std::snprintf(head, sizeof(head), "%-*s", label_width, label.c_str());
  out << head;
  for (const auto& c : cells) {
    char cell[128];
    std::snprintf(cell, sizeof(cell), "%*s", column_width, c.c_str());
    out << cell;
  }
  out << '\n';
}

// With worker nodes: each node's replies and when they were all in and its
// senders all destroyed (configurations of one invocation share the nodes).
void write_node_rows(std::ostream& out, const std::vector<const fanout_result*>& block) {
  std::size_t nodes = 0;
  for (const auto* r : block)
    nodes = std::max(nodes, r->nodes.size());
  for (std::size_t i = 0; i < nodes; ++i) {
    auto cells = [&](const std::function<std::string(const node_result&)>& fn) {
      std::vector<std::string> out;
      for (const auto* r : block)
        out.push_back(i < r->nodes.size() ? fn(r->nodes[i]) : "");
      return out;
    };
    std::string name;
    for (const auto* r : block)
      if (i < r->nodes.size())
        name = r->nodes[i].name;
    // The fewest replies of any run: a run stops at the first missing one.
    write_cell_row(
      out, name + " replies/run (min)", cells([](const node_result& n) {
        auto fewest = n.replies.empty() ? 0 : *std::min_element(n.replies.begin(), n.replies.end());
        return std::to_string(fewest) + " of " + std::to_string(n.senders);
      }));
    write_cell_row(out, name + " all in (med s)",
                   cells([](const node_result& n) { return fixed(median(n.replies_s), 4); }));
    write_cell_row(out, name + " teardown (med s)",
                   cells([](const node_result& n) { return fixed(median(n.teardown_s), 4); }));
  }
}

void write_block(std::ostream& out, const std::vector<const fanout_result*>& block,
                 const std::vector<std::string>& labels) {
  std::vector<std::vector<std::string>> heads;
  std::size_t lines = 0;
  for (const auto& l : labels) {
    heads.push_back(split_label(l));
    lines = std::max(lines, heads.back().size());
  }
  for (std::size_t line = 0; line < lines; ++line) {
    std::vector<std::string> cells;
    for (const auto& h : heads)
      cells.push_back(line < h.size() ? h[line] : "");
    write_cell_row(out, "", cells);
  }
  for (const auto& [name, fn] : stat_rows()) {
    std::vector<std::string> cells;
    for (const auto* r : block)
      cells.push_back(fn(*r));
    write_cell_row(out, name, cells);
  }
  write_node_rows(out, block);
}

// The context strategy every crypto-on result shares, if they share one; when
// they differ, the column labels name it instead.
std::optional<std::string> common_context(const std::vector<fanout_result>& results) {
  std::optional<std::string> common;
  for (const auto& r : results) {
    if (!r.crypto)
      continue;
    if (common && *common != r.context)
      return std::nullopt;
    common = r.context;
  }
  return common;
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
    for (const auto& r : rep.results)
      if (r.partial()) {
        out << "PARTIAL: interrupted; some configurations have fewer runs than asked for\n";
        break;
      }
    const auto& first = rep.results.front();
    out << "seconds from the first spawn until the collector has every reply; " << first.runs
        << " runs after " << first.warmup << " warm-up per configuration";
    if (rep.results.size() > 1)
      out << ", interleaved"
          << (rep.order.shuffle
                ? " in shuffled order (--seed " + std::to_string(rep.order.seed) + ")"
                : " round by round");
    out << "; " << first.threads << " scheduler threads (" << first.policy << "), spawned by "
        << first.spawn;
    if (auto context = common_context(rep.results))
      out << ", cipher contexts " << *context;
    if (!first.pinned_cpus.empty()) {
      out << ", pinned to CPUs";
      for (auto cpu : first.pinned_cpus)
        out << ' ' << cpu;
    }
    if (!first.nodes.empty()) {
      out << "; senders split across " << first.nodes.size() << " nodes:";
      for (const auto& n : first.nodes)
        out << ' ' << n.name << " (" << n.senders << ")";
    }
    out << "\n\n";

    auto labels = result_labels(rep.results);
    for (std::size_t b = 0; b < rep.results.size(); b += columns_per_block) {
      auto e = std::min(rep.results.size(), b + columns_per_block);
      std::vector<const fanout_result*> block;
      for (auto i = b; i < e; ++i)
        block.push_back(&rep.results[i]);
      if (b > 0)
        out << '\n';
      write_block(out, block, std::vector<std::string>(labels.begin() + b, labels.begin() + e));
    }

    if (rep.results.size() > 1) {
      const auto& ref = rep.results[rep.reference];
      out << "\nrelative to " << labels[rep.reference] << " (mean time; p: Mann-Whitney U):\n";
      for (std::size_t i = 0; i < rep.results.size(); ++i) {
        if (i == rep.reference)
          continue;
        auto rel = compare_to(rep.results[i], ref);
        char p[32];
        std::snprintf(p, sizeof(p), "%.3g", rel.p_value);
        out << "  " << labels[i] << ": " << to_string(rel.speed) << ", p = " << p;
        if (rel.few_samples)
          out << " (fewer than " << min_samples_for_u_test << " runs: p is unreliable)";
        out << '\n';
      }
    }
    for (std::size_t i = 0; i < rep.results.size(); ++i)
      for (const auto& w : warnings_for(rep.results[i]))
        out << "warning: " << labels[i] << ": " << w << '\n';
  }
};

} // namespace

std::unique_ptr<reporter> make_console_reporter() {
  return std::make_unique<console_reporter>();
}

} // namespace actorbench::bench
