#include "harness/search.hpp"

#include <algorithm>
#include <cmath>

#include "bench/harness/capacity_search.hpp"
#include "bench/harness/thread_waits.hpp"
#include "harness/memory_check.hpp"
#include "harness/noise_report.hpp"

namespace actorbench::bench {

namespace {

const char* stop_word(capacity_stop why) {
  switch (why) {
  case capacity_stop::precise:
    return "precise";
  case capacity_stop::at_max_load:
    return "at_max";
  case capacity_stop::below_min_load:
    return "below_min";
  case capacity_stop::probe_budget:
    return "probe_budget";
  case capacity_stop::halted:
    return "halted";
  case capacity_stop::searching:
    break;
  }
  return "halted";
}

configuration with_value(const configuration& base, const std::string& param, std::int64_t v) {
  auto c = base;
  c.values[param] = v;
  return c;
}

/// One search: the harness's side of capacity_search, each probe one run.
class searcher {
 public:
  searcher(run_loop& loop, const scenario& s, const configuration& base, noise_monitor& noise)
    : loop_(loop),
      s_(s),
      base_(base),
      decl_(*s.declared().search),
      param_(*s.declared().param(decl_.param)),
      noise_(noise) {}

  result<search_result> run();

 private:
  bool fits(std::int64_t value) const {
    return static_cast<bool>(
      check_memory(s_, with_value(base_, decl_.param, value), loop_.budget()));
  }
  std::int64_t floor() const { return std::max<std::int64_t>(param_.min, 1); }
  /// The largest value the memory budget allows, by bisection (0: not even the floor).
  std::int64_t memory_ceiling() const;
  /// A percent parameter of the scenario's, as a fraction, or `fallback`.
  double fraction_of(const std::string& name, double fallback) const;
  capacity_search_options options(std::int64_t ceiling) const;
  result<search_probe> probe(std::int64_t value);
  /// The larger wait ratio (noise_report.hpp) of the last two host probes,
  /// those around the run.
  double slowdown() const;
  search_result answer(const capacity_search& search, std::int64_t ceiling) const;
  std::string probe_length() const;

  run_loop& loop_;
  const scenario& s_;
  const configuration& base_;
  const search_decl& decl_;
  const param_decl& param_;
  noise_monitor& noise_;
  std::vector<search_probe> probes_;
  bool stopped_ = false;
};

std::int64_t searcher::memory_ceiling() const {
  auto lo = floor(), hi = std::max(param_.max, floor());
  if (!fits(lo))
    return 0;
  if (fits(hi))
    return hi;
  while (hi - lo > 1) {
    auto mid = lo + (hi - lo) / 2;
    (fits(mid) ? lo : hi) = mid;
  }
  return lo;
}

double searcher::fraction_of(const std::string& name, double fallback) const {
  if (name.empty() || s_.declared().param(name) == nullptr || !base_.applies(name))
    return fallback;
  return static_cast<double>(base_.integer(name)) / 100.0;
}

capacity_search_options searcher::options(std::int64_t ceiling) const {
  capacity_search_options o;
  o.fit.keep_up = fraction_of(decl_.keep_up_param, decl_.keep_up);
  o.fit.confidence = fraction_of(decl_.confidence_param, decl_.confidence);
  const auto& harness = loop_.results().harness;
  o.precision = harness.precision ? *harness.precision : decl_.resolution;
  o.max_probes = decl_.rule.max_probes;
  const auto& budget = decl_.max_probes_param;
  if (!budget.empty() && s_.declared().param(budget) != nullptr && base_.applies(budget))
    o.max_probes = static_cast<std::size_t>(std::max<std::int64_t>(base_.integer(budget), 1));
  o.max_probes = std::min(o.max_probes, harness.max_runs);
  o.min_load = static_cast<double>(floor());
  o.max_load = static_cast<double>(std::max(ceiling, floor()));
  o.start = std::clamp(static_cast<double>(base_.integer(decl_.param)), o.min_load, o.max_load);
  return o;
}

double searcher::slowdown() const {
  const auto& noise = loop_.results().noise;
  if (!noise || noise->samples.size() < 2)
    return 0;
  const auto& samples = noise->samples;
  double worst = 0;
  // A probe without its CPU time (NaN) compares false: it adds nothing.
  for (auto i : {samples.size() - 2, samples.size() - 1})
    if (auto wait = probe_wait_ratio(samples[i]); wait > worst)
      worst = wait;
  return worst;
}

result<search_probe> searcher::probe(std::int64_t value) {
  auto index = loop_.add_configuration(with_value(base_, decl_.param, value), 1);
  auto round = probes_.size();
  auto ran = loop_.run_one(index, false, round, true);
  if (!ran)
    return ran.err();
  stopped_ = loop_.stopped();
  auto& taken = loop_.results().configurations[index];
  search_probe p{value, false, index};
  // A run cut short measured nothing: it failed to keep up.
  if (!taken.runs.empty())
    p.keeps_up = loop_.session().keeps_up(taken.config, taken.runs.back().record);
  if (noise_.on() && !stopped_) {
    noise_.probe(round);
    p.slowdown = slowdown();
    p.disturbed = p.slowdown > decl_.rule.disturbed_slowdown;
  }
  if (!taken.runs.empty()) {
    const auto& facts = taken.runs.back().record.facts;
    if (auto at = facts.find(run_queue_wait_fact); at != facts.end())
      if (const auto* wait = std::get_if<double>(&at->second); wait != nullptr) {
        p.run_queue_wait = *wait;
        // NaN compares false: no figure, no verdict.
        p.disturbed = p.disturbed
                      || (decl_.rule.disturbed_wait > 0 && *wait > decl_.rule.disturbed_wait);
      }
  }
  probes_.push_back(p);
  return p;
}

std::string searcher::probe_length() const {
  for (const auto& p : s_.declared().params)
    if (p.run_time == run_time_role::length && base_.applies(p.name)) {
      auto seconds = base_.seconds(p.name);
      auto text = std::to_string(seconds);
      text.erase(text.find_last_not_of('0') + 1);
      if (!text.empty() && text.back() == '.')
        text.pop_back();
      return text + " s";
    }
  return {};
}

search_result searcher::answer(const capacity_search& search, std::int64_t ceiling) const {
  const auto& e = search.estimate();
  const auto& o = search.options();
  search_result out;
  out.param = decl_.param;
  out.resolution = o.precision;
  out.rule = decl_.rule;
  out.rule.max_probes = o.max_probes;
  out.unit = param_.unit;
  out.probes = probes_;
  out.largest = static_cast<std::int64_t>(e.largest_pass);
  out.smallest_failing = static_cast<std::int64_t>(e.smallest_fail);
  out.memory_bound = e.why == capacity_stop::at_max_load && ceiling < param_.max;
  out.stop = stop_word(e.why);
  out.keep_up = o.fit.keep_up;
  out.confidence = o.fit.confidence;
  if (e.fit.fitted) {
    out.capacity = e.fit.curve.capacity;
    out.low = e.fit.low;
    out.high = e.fit.high;
    out.slope = e.fit.curve.slope;
  }
  out.criterion = loop_.session().keeps_up_criterion(base_);
  out.probe_length = probe_length();
  return out;
}

result<search_result> searcher::run() {
  auto ceiling = memory_ceiling();
  capacity_search search{options(ceiling)};
  loop_.plan_pending(search.probes_left());
  while (auto load = search.next()) {
    // The probe's own planned run takes one of the pending ones.
    loop_.plan_pending(search.probes_left() - 1);
    auto p = probe(static_cast<std::int64_t>(std::llround(*load)));
    if (!p)
      return p.err();
    // A run a stop cut short tells nothing.
    if (stopped_) {
      search.halt();
      break;
    }
    search.add({*load, p->keeps_up, p->disturbed});
    loop_.plan_pending(search.probes_left());
  }
  loop_.plan_pending(0);
  return answer(search, ceiling);
}

} // namespace

result<bool> search_requested(const declaration& d, const std::vector<configuration>& plan) {
  if (!d.search)
    return false;
  const auto& flag = d.search->flag;
  bool on = std::any_of(plan.begin(), plan.end(), [&](const configuration& c) {
    auto v = c.values.find(flag);
    return v != c.values.end() && v->second == param_value{true};
  });
  if (!on)
    return false;
  if (plan.size() != 1)
    return bad_input("invalid --" + flag + ": a search takes one configuration, but the options "
                     + "combine to " + std::to_string(plan.size()));
  const auto* p = d.param(d.search->param);
  if (p == nullptr || p->type != param_type::integer || !plan.front().applies(p->name))
    return bad_input("invalid --" + flag + ": --" + d.search->param
                     + " is not an integer parameter of this run");
  return true;
}

result<search_result> run_search(run_loop& loop, const scenario& s, const configuration& base,
                                 noise_monitor& noise) {
  return searcher{loop, s, base, noise}.run();
}

} // namespace actorbench::bench
