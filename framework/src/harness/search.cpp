#include "harness/search.hpp"

#include <algorithm>

#include "harness/memory_check.hpp"
#include "harness/noise_report.hpp"

namespace actorbench::bench {

namespace {

/// What the rule made of one value's probes.
enum class verdict { passes, fails, undecided, stopped };

/// One search: its bounds so far and the probes it took.
class searcher {
 public:
  searcher(run_loop& loop, const scenario& s, const configuration& base, noise_monitor& noise)
    : loop_(loop),
      s_(s),
      base_(base),
      decl_(*s.declared().search),
      param_(*s.declared().param(decl_.param)),
      noise_(noise) {
    out_.param = decl_.param;
    out_.resolution = decl_.resolution;
    out_.rule = decl_.rule;
    out_.unit = param_.unit;
  }

  result<search_result> run();

 private:
  /// The probe's configuration fits the memory budget.
  bool fits(std::int64_t value) const;
  /// Probes `value` until the rule decides it, or a stop.
  result<verdict> decide(std::int64_t value);
  result<search_probe> probe(std::int64_t value);
  /// The larger wait ratio (noise_report.hpp) of the last two host probes,
  /// those around the run.
  double slowdown() const;
  /// Moves the bounds by one decision (or a memory refusal) at `value`.
  result<void> step(std::int64_t value);
  result<void> bracket();
  result<void> bisect();
  bool ended() const { return stopped_ || out_.undecided != 0; }
  bool narrow_enough() const {
    return low_ <= 0 || high_ <= 0 || high_ - low_ <= 1
           || static_cast<double>(high_ - low_) / static_cast<double>(low_) <= decl_.resolution;
  }

  run_loop& loop_;
  const scenario& s_;
  const configuration& base_;
  const search_decl& decl_;
  const param_decl& param_;
  noise_monitor& noise_;
  search_result out_;
  /// Largest value that kept up and smallest that failed or did not fit; 0: none.
  std::int64_t low_ = 0;
  std::int64_t high_ = 0;
  bool high_by_memory_ = false;
  bool stopped_ = false;
};

configuration with_value(const configuration& base, const std::string& param, std::int64_t v) {
  auto c = base;
  c.values[param] = v;
  return c;
}

bool searcher::fits(std::int64_t value) const {
  return static_cast<bool>(check_memory(s_, with_value(base_, decl_.param, value), loop_.budget()));
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
  auto round = out_.probes.size();
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
  out_.probes.push_back(p);
  return p;
}

// A sequential test: a lead of `rule.lead` decides; failures while the
// host was disturbed are left out, since noise only ever slows a run.
result<verdict> searcher::decide(std::int64_t value) {
  const auto& rule = decl_.rule;
  std::size_t passes = 0, failures = 0;
  for (std::size_t n = 0; n < rule.max_probes; ++n) {
    auto p = probe(value);
    if (!p)
      return p.err();
    // A run a stop cut short tells nothing.
    if (stopped_)
      return verdict::stopped;
    if (p->keeps_up)
      ++passes;
    else if (!p->disturbed)
      ++failures;
    if (passes >= failures + rule.lead)
      return verdict::passes;
    if (failures >= passes + rule.lead)
      return verdict::fails;
  }
  return verdict::undecided;
}

result<void> searcher::step(std::int64_t value) {
  if (!fits(value)) {
    high_ = value;
    high_by_memory_ = true;
    return {};
  }
  auto decided = decide(value);
  if (!decided)
    return decided.err();
  switch (*decided) {
  case verdict::passes:
    low_ = value;
    break;
  case verdict::fails:
    high_ = value;
    high_by_memory_ = false;
    out_.smallest_failing =
      out_.smallest_failing == 0 ? value : std::min(out_.smallest_failing, value);
    break;
  case verdict::undecided:
    out_.undecided = value;
    break;
  case verdict::stopped:
    break;
  }
  return {};
}

result<void> searcher::bracket() {
  auto floor = std::max<std::int64_t>(param_.min, 1);
  auto value = std::clamp(base_.integer(decl_.param), floor, std::max(param_.max, floor));
  auto moved = step(value);
  // Doubling up while it keeps up, halving down while it fails.
  while (moved && !ended() && (low_ == 0) != (high_ == 0)) {
    auto next = low_ != 0 ? std::min(low_ * 2, param_.max) : high_ / 2;
    if ((low_ != 0 && next <= low_) || (high_ != 0 && next < floor))
      break; // at the parameter's range: the answer is its end
    moved = step(next);
  }
  return moved;
}

result<void> searcher::bisect() {
  while (!ended() && !narrow_enough()) {
    auto moved = step(low_ + (high_ - low_) / 2);
    if (!moved)
      return moved;
  }
  return {};
}

result<search_result> searcher::run() {
  auto bracketed = bracket();
  if (!bracketed)
    return bracketed.err();
  auto bisected = bisect();
  if (!bisected)
    return bisected.err();
  out_.largest = low_;
  out_.memory_bound = high_by_memory_ && high_ != 0;
  out_.criterion = loop_.session().keeps_up_criterion(base_);
  return out_;
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
