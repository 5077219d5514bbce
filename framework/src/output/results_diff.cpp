#include "output/results_diff.hpp"

#include <algorithm>
#include <map>

#include "bench/harness/metric.hpp"
#include "bench/harness/run_values.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/column_labels.hpp"
#include "bench/output/ratio_text.hpp"
#include "output/same_scenario.hpp"

namespace actorbench::bench {

namespace {

using param_key = std::map<std::string, std::string>;

/// The values of the parameters both files declare and `c` applies.
param_key key_of(const configuration& c, const declaration& a, const declaration& b) {
  param_key key;
  for (const auto& [name, value] : c.values)
    if (a.param(name) != nullptr && b.param(name) != nullptr && c.applies(name))
      key[name] = to_text(value);
  return key;
}

result<std::vector<const metric_decl*>> metrics_of(const declaration& d, const diff_options& o) {
  std::vector<const metric_decl*> out;
  if (o.all_metrics) {
    for (const auto& m : d.metrics)
      out.push_back(&m);
    return out;
  }
  if (o.metric.empty())
    return std::vector<const metric_decl*>{&d.headline()};
  if (const auto* m = d.find_metric(o.metric))
    return std::vector<const metric_decl*>{m};
  std::string names;
  for (const auto& m : d.metrics)
    names += (names.empty() ? "" : ", ") + m.name;
  return bad_input("unknown metric '" + o.metric + "' of " + d.name + ": expected " + names);
}

/// Slower (or faster) beyond the noise threshold: the whole interval past
/// it, or the point estimate with fewer than 2 runs a side.
change_verdict verdict_of(const ratio_interval& r, double threshold_pct) {
  auto low = r.estimated_only ? r.ratio : r.low;
  auto high = r.estimated_only ? r.ratio : r.high;
  if (low > 1 + threshold_pct / 100)
    return change_verdict::worse;
  if (high < 1 - threshold_pct / 100)
    return change_verdict::better;
  return change_verdict::within_noise;
}

/// The change of `m` from `a` to `b`; unset when a side did not measure it.
std::optional<metric_change> change_of(const metric_decl& m, const configuration_result& a,
                                       const configuration_result& b, const diff_options& o,
                                       bool noisy) {
  auto before = per_run_values(a, m), after = per_run_values(b, m);
  if (before.empty() || after.empty())
    return {};
  metric_change c{m.name,        m.unit,        m.direction,  median(before),
                  median(after), before.size(), after.size(), relative_to(after, before),
                  change_verdict::within_noise, false, metric_title(m)};
  // Higher-is-better metrics are judged on their inverse.
  auto judged = c.change;
  if (m.direction == better::higher)
    judged = {1 / c.change.ratio, 1 / c.change.high, 1 / c.change.low, c.change.p_value,
              c.change.estimated_only};
  c.verdict = noisy ? change_verdict::inconclusive : verdict_of(judged, o.noise_threshold_pct);
  c.regressed = c.verdict == change_verdict::worse && o.fail_above_pct
                && judged.ratio > 1 + *o.fail_above_pct / 100;
  return c;
}

/// The rounds of `c`'s runs flagged noisy.
std::vector<std::size_t> noisy_rounds(const configuration_result& c) {
  std::vector<const run_result*> runs;
  for (const auto& r : c.runs)
    runs.push_back(&r);
  return summarize_run_noise(runs).noisy_rounds;
}

/// "procs 10000 → 20000": the parameters two configurations differ in.
std::string differences(const param_key& a, const param_key& b) {
  std::string out;
  for (const auto& [name, value] : a) {
    auto other = b.find(name);
    if (other != b.end() && other->second != value)
      out += (out.empty() ? "" : ", ") + name + " " + value + " → " + other->second;
  }
  return out;
}

/// For each new configuration, the index of its old match or -1.
std::vector<long> match(const scenario_results& old, const scenario_results& nu) {
  std::vector<param_key> old_keys;
  for (const auto& c : old.configurations)
    old_keys.push_back(key_of(c.config, old.scenario, nu.scenario));
  std::vector<bool> taken(old_keys.size(), false);
  std::vector<long> out;
  for (const auto& c : nu.configurations) {
    auto key = key_of(c.config, nu.scenario, old.scenario);
    long found = -1;
    for (std::size_t i = 0; i < old_keys.size() && found < 0; ++i)
      if (!taken[i] && old_keys[i] == key)
        found = static_cast<long>(i);
    if (found >= 0)
      taken[static_cast<std::size_t>(found)] = true;
    out.push_back(found);
  }
  return out;
}

} // namespace

bool results_diff::regressed() const {
  return std::any_of(matched.begin(), matched.end(), [](const matched_configuration& m) {
    return std::any_of(m.metrics.begin(), m.metrics.end(),
                       [](const metric_change& c) { return c.regressed; });
  });
}

bool results_diff::inconclusive() const {
  return std::any_of(matched.begin(), matched.end(), [](const matched_configuration& m) {
    return std::any_of(m.metrics.begin(), m.metrics.end(), [](const metric_change& c) {
      return c.verdict == change_verdict::inconclusive;
    });
  });
}

result<results_diff> diff_results(const scenario_results& old, const scenario_results& nu,
                                  const diff_options& o) {
  if (auto same = check_same_scenario(o.old_name, old, o.new_name, nu); !same)
    return same.err();
  auto metrics = metrics_of(nu.scenario, o);
  if (!metrics)
    return metrics.err();
  auto pairs = match(old, nu);
  std::string params_differ;
  if (old.configurations.size() == 1 && nu.configurations.size() == 1 && pairs[0] < 0) {
    pairs[0] = 0;
    params_differ =
      differences(key_of(old.configurations[0].config, old.scenario, nu.scenario),
                  key_of(nu.configurations[0].config, nu.scenario, old.scenario));
  }
  // Labels over every distinct configuration: the old ones, then new-only ones.
  std::vector<configuration_result> distinct = old.configurations;
  for (std::size_t j = 0; j < pairs.size(); ++j)
    if (pairs[j] < 0)
      distinct.push_back(nu.configurations[j]);
  for (auto& c : distinct)
    c.source.clear();
  auto labels = label_columns(nu.scenario, distinct).labels;
  results_diff d;
  d.scenario = nu.scenario.name;
  d.old_name = o.old_name;
  d.new_name = o.new_name;
  d.fail_above_pct = o.fail_above_pct;
  d.noise_threshold_pct = o.noise_threshold_pct;
  d.strict = o.strict;
  d.old_noise = summarize_run_noise(old);
  d.new_noise = summarize_run_noise(nu);
  d.params_differ = params_differ;
  std::vector<bool> old_matched(old.configurations.size(), false);
  std::size_t next_new_only = old.configurations.size();
  for (std::size_t j = 0; j < pairs.size(); ++j) {
    if (pairs[j] < 0) {
      d.only_new.push_back(labels[next_new_only++]);
      continue;
    }
    auto i = static_cast<std::size_t>(pairs[j]);
    old_matched[i] = true;
    matched_configuration m;
    m.label = params_differ.empty() ? labels[i] : params_differ;
    m.old_noisy_rounds = noisy_rounds(old.configurations[i]);
    m.new_noisy_rounds = noisy_rounds(nu.configurations[j]);
    bool noisy = !m.old_noisy_rounds.empty() || !m.new_noisy_rounds.empty();
    for (const auto* metric : *metrics)
      if (old.scenario.find_metric(metric->name) != nullptr)
        if (auto c = change_of(*metric, old.configurations[i], nu.configurations[j], o, noisy))
          m.metrics.push_back(*c);
    d.matched.push_back(std::move(m));
  }
  for (std::size_t i = 0; i < old_matched.size(); ++i)
    if (!old_matched[i])
      d.only_old.push_back(labels[i]);
  return d;
}

} // namespace actorbench::bench
