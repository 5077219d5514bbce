#include "bench/scenarios/fanout/erlang_table_rows.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <limits>

#include "bench/harness/run_values.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/text_table.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

constexpr double not_available = std::numeric_limits<double>::quiet_NaN();

// A row before its unit is chosen: "{}" in the label stands for the unit.
struct pending_row {
  std::string label;
  std::vector<double> values;
};

// Rows that share one unit, chosen from all their values; NaN shows as n/a.
void add_in_unit(std::vector<erlang_table_row>& out, const std::vector<pending_row>& rows,
                 const std::string& base_unit, const std::string& forced) {
  std::vector<double> all;
  for (const auto& row : rows)
    all.insert(all.end(), row.values.begin(), row.values.end());
  auto unit = choose_unit(all, base_unit, base_unit == "s" ? forced : std::string{});
  for (const auto& row : rows) {
    erlang_table_row done{row.label, {}};
    done.label.replace(done.label.find("{}"), 2, unit.name);
    for (auto v : row.values)
      done.cells.push_back(format_in(v, unit));
    out.push_back(std::move(done));
  }
}

metric_decl metric_named(const scenario_results& r, const std::string& name,
                         const std::string& unit) {
  if (const auto* m = r.scenario.find_metric(name))
    return *m;
  metric_decl m;
  m.name = name;
  m.unit = unit;
  return m;
}

// Per configuration: the median of one metric's per-run values (NaN for none).
std::vector<double> medians(const scenario_results& r, const metric_decl& m) {
  std::vector<double> out;
  for (const auto& c : r.configurations) {
    auto v = per_run_values(c, m);
    out.push_back(v.empty() ? not_available : median(v));
  }
  return out;
}

void add_statistics(std::vector<erlang_table_row>& out, const scenario_results& r,
                    const table_style& style) {
  std::vector<summary> sums;
  for (const auto& c : r.configurations)
    sums.push_back(summarize(per_run_values(c, r.scenario.headline())));
  // Spread needs two runs: fewer show n/a, never a 0.
  auto pick = [&](double summary::*field, bool spread) {
    std::vector<double> v;
    for (const auto& s : sums)
      v.push_back(s.count == 0 || (spread && s.count < 2) ? not_available : s.*field);
    return v;
  };
  const auto& forced = style.time_unit;
  add_in_unit(out,
              {{"average ({})", pick(&summary::mean, false)},
               {"maximum ({})", pick(&summary::max, false)},
               {"minimum ({})", pick(&summary::min, false)},
               {"median ({})", pick(&summary::median, false)}},
              "s", forced);
  // The spread rows in the averages' unit: one unit per block, so a spread
  // reads against the figures above it (n/a with fewer than two runs).
  std::vector<double> located;
  for (auto field : {&summary::mean, &summary::max, &summary::min, &summary::median})
    for (auto v : pick(field, false))
      located.push_back(v);
  auto block_unit = choose_unit(located, "s", forced).name;
  add_in_unit(out, {{"std dev ({})", pick(&summary::stddev, true)}}, "s", block_unit);
  add_in_unit(out, {{"99.9% CI of the mean ({}, ±)", pick(&summary::ci999, true)}}, "s",
              block_unit);
  erlang_table_row cv{"coefficient of variation (%)", {}};
  for (auto v : pick(&summary::cv, true))
    cv.cells.push_back(std::isnan(v) ? "n/a" : fixed(100 * v, 1));
  out.push_back(std::move(cv));
  erlang_table_row rate{"actors/s (median)", {}};
  for (auto v : medians(r, metric_named(r, "actors_per_s", "1/s")))
    rate.cells.push_back(format_value(v, "1/s"));
  out.push_back(std::move(rate));
  add_in_unit(
    out,
    {{"phase: spawn done (median {})", medians(r, metric_named(r, "spawn_done_s", "s"))},
     {"phase: replies in (median {})", medians(r, r.scenario.headline())},
     {"phase: teardown done (median {})", medians(r, metric_named(r, "teardown_done_s", "s"))}},
    "s", forced);
}

void add_memory_and_checks(std::vector<erlang_table_row>& out, const scenario_results& r) {
  std::vector<double> peaks;
  erlang_table_row growth{"RSS growth per actor (bytes)", {}};
  erlang_table_row mismatches{"mismatches", {}};
  for (const auto& c : r.configurations) {
    std::optional<std::uint64_t> peak;
    std::optional<std::uint64_t> grew;
    for (const auto& run : c.runs) {
      if (!run.peak_rss_bytes)
        continue;
      peak = std::max(peak.value_or(0), *run.peak_rss_bytes);
      auto start = run.start_rss_bytes.value_or(*run.peak_rss_bytes);
      grew = std::max(grew.value_or(0), *run.peak_rss_bytes - std::min(start, *run.peak_rss_bytes));
    }
    peaks.push_back(peak ? static_cast<double>(*peak) : not_available);
    auto procs = c.config.values.find("procs");
    auto n = procs == c.config.values.end() ? 0 : std::get<std::int64_t>(procs->second);
    growth.cells.push_back(grew && n > 0 ? fixed(static_cast<double>(*grew) / n, 0) : "n/a");
    std::uint64_t wrong = 0;
    for (const auto& check : r.scenario.checks)
      wrong += check_total(c, check.name);
    mismatches.cells.push_back(std::to_string(wrong));
  }
  add_in_unit(out, {{"peak RSS ({})", peaks}}, "bytes", {});
  out.push_back(std::move(growth));
  out.push_back(std::move(mismatches));
}

// Every node's name, in the order the runs list them ("local" first).
std::vector<std::string> node_names(const scenario_results& r) {
  std::vector<std::string> out;
  for (const auto& c : r.configurations)
    for (const auto& run : c.runs)
      for (const auto& p : run.record.parts)
        if (std::find(out.begin(), out.end(), p.name) == out.end())
          out.push_back(p.name);
  return out;
}

// One node's share in one configuration, over its measured runs.
struct node_share {
  std::vector<double> replies, replies_s, teardown_s;
  double senders = 0;
};

node_share share_of(const configuration_result& c, const std::string& node) {
  node_share out;
  auto append = [](std::vector<double>& to, const part_record& p, const char* metric) {
    if (auto i = p.samples.find(metric); i != p.samples.end())
      std::copy_if(i->second.begin(), i->second.end(), std::back_inserter(to), is_value);
  };
  for (const auto& run : c.runs)
    for (const auto& p : run.record.parts) {
      if (p.name != node)
        continue;
      append(out.replies, p, "replies");
      append(out.replies_s, p, "replies_s");
      append(out.teardown_s, p, "teardown_s");
      if (auto s = p.facts.find("senders"); s != p.facts.end())
        if (const auto* v = std::get_if<double>(&s->second))
          out.senders = *v;
    }
  return out;
}

// With worker nodes: each node's replies (the fewest of any run: a run stops
// at the first missing one), and when they were all in and its senders all
// destroyed.
void add_node_rows(std::vector<erlang_table_row>& out, const scenario_results& r,
                   const table_style& style) {
  auto med = [](const std::vector<double>& v) { return v.empty() ? not_available : median(v); };
  for (const auto& node : node_names(r)) {
    erlang_table_row replies{node + " replies/run (min)", {}};
    std::vector<double> all_in, teardown;
    for (const auto& c : r.configurations) {
      auto share = share_of(c, node);
      replies.cells.push_back(
        share.replies.empty()
          ? "n/a"
          : fixed(*std::min_element(share.replies.begin(), share.replies.end()), 0) + " of "
              + fixed(share.senders, 0));
      all_in.push_back(med(share.replies_s));
      teardown.push_back(med(share.teardown_s));
    }
    out.push_back(std::move(replies));
    add_in_unit(out, {{node + " all in (med {})", all_in}}, "s", style.time_unit);
    add_in_unit(out, {{node + " teardown (med {})", teardown}}, "s", style.time_unit);
  }
}

} // namespace

std::vector<erlang_table_row> erlang_table_rows(const scenario_results& r, const table_style& style) {
  std::vector<erlang_table_row> out;
  add_statistics(out, r, style);
  add_memory_and_checks(out, r);
  add_node_rows(out, r, style);
  return out;
}

} // namespace actorbench::bench
