#include "bench/output/ranking.hpp"

#include <algorithm>
#include <map>

#include "bench/harness/run_values.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/ratio_text.hpp"

namespace actorbench::bench {

namespace {

// Below this many runs on a side the U test's p-value says little.
constexpr std::size_t few_runs = 9;

// Everything that makes a group: the source and every value but `param`.
std::string group_key(const configuration_result& c, const std::string& param) {
  std::string key = c.source + '\n';
  for (const auto& [name, value] : c.config.values)
    if (name != param)
      key += name + '=' + to_text(value) + '\n';
  return key;
}

bool better_than(double a, double b, const metric_decl& m) {
  return m.direction == better::lower ? a < b : a > b;
}

ranking_group rank_group(const scenario_results& r, const std::vector<std::size_t>& members,
                         const metric_decl& m) {
  ranking_group g{members.front(), {}};
  std::vector<std::vector<double>> values;
  for (auto i : members) {
    auto v = per_run_values(r.configurations[i], m);
    if (v.empty())
      continue;
    g.entries.push_back({i, median(v), {}});
    values.push_back(std::move(v));
  }
  std::vector<std::size_t> order(g.entries.size());
  for (std::size_t i = 0; i < order.size(); ++i)
    order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return better_than(g.entries[a].median, g.entries[b].median, m);
  });
  std::vector<ranked_entry> sorted;
  for (auto i : order) {
    sorted.push_back(g.entries[i]);
    sorted.back().vs_best = relative_to(values[i], values[order.front()]);
  }
  // The others in the order of their ratio to the best, so that the printed
  // factors grow down the list even where medians and the shift disagree.
  if (sorted.size() > 2)
    std::stable_sort(sorted.begin() + 1, sorted.end(), [&](const auto& a, const auto& b) {
      return better_than(a.vs_best.ratio, b.vs_best.ratio, m);
    });
  g.entries = std::move(sorted);
  return g;
}

} // namespace

std::vector<ranking_group> rank_across(const scenario_results& r, const std::string& param,
                                       const metric_decl& m) {
  std::map<std::string, std::vector<std::size_t>> by_key;
  std::vector<std::string> key_order;
  for (std::size_t i = 0; i < r.configurations.size(); ++i) {
    const auto& c = r.configurations[i];
    if (c.config.values.count(param) == 0)
      continue;
    auto key = group_key(c, param);
    if (by_key.count(key) == 0)
      key_order.push_back(key);
    by_key[key].push_back(i);
  }
  std::vector<ranking_group> out;
  for (const auto& key : key_order) {
    auto g = rank_group(r, by_key[key], m);
    if (g.entries.size() >= 2)
      out.push_back(std::move(g));
  }
  return out;
}

void write_ranking(const scenario_results& r, const std::vector<ranking_group>& groups,
                   const metric_decl& m, const ranking_labels& labels, const table_style& style,
                   std::ostream& out) {
  if (groups.empty())
    return;
  out << "\nranking of the " << labels.subject
      << ", best first\n(the others relative to the best: median ratio with its 95% interval; "
         "p: Mann-Whitney U):\n"
      << (style.markdown ? "\n" : "");
  bool few = false;
  for (const auto& g : groups) {
    out << (style.markdown ? "- " : "  ") << labels.group(r.configurations[g.first]) << ":\n";
    for (std::size_t i = 0; i < g.entries.size(); ++i) {
      const auto& e = g.entries[i];
      const auto& c = r.configurations[e.position];
      // Ranked by median, compared by the Hodges-Lehmann shift: a near tie
      // can come out "better" than the best; say so rather than rank it below.
      auto text = i == 0 ? labels.value(e.median)
                  : is_worse(e.vs_best, m)
                    ? describe_ratio(e.vs_best, m)
                    : "a tie with the best (" + describe_ratio(e.vs_best, m) + ")";
      out << (style.markdown ? "  " : "    ") << i + 1 << ". " << labels.entry(c) << ": " << text
          << '\n';
      few = few || per_run_values(c, m).size() < few_runs;
    }
  }
  if (few)
    out << "(fewer than " << few_runs << " runs on a side: p is unreliable)\n";
}

void write_ranking_by(const scenario_results& r, const std::string& param,
                      const std::string& metric, ranking_labels labels, const table_style& style,
                      std::ostream& out) {
  const auto* m = r.scenario.find_metric(metric);
  if (m == nullptr)
    return;
  if (!labels.entry)
    labels.entry = [param](const configuration_result& c) {
      auto at = c.config.values.find(param);
      return (at == c.config.values.end() ? std::string{"?"} : to_text(at->second))
             + (c.partial ? "*" : "");
    };
  write_ranking(r, rank_across(r, param, *m), *m, labels, style, out);
}

} // namespace actorbench::bench
