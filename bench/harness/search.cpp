#include "bench/harness/search.hpp"

#include <algorithm>

#include "bench/harness/memory_check.hpp"

namespace actorbench::bench {

namespace {

/// One search: its bounds so far and the probes it took.
class searcher {
 public:
  searcher(run_loop& loop, const scenario& s, const configuration& base)
    : loop_(loop),
      s_(s),
      base_(base),
      decl_(*s.declared().search),
      param_(*s.declared().param(decl_.param)) {
    out_.param = decl_.param;
    out_.resolution = decl_.resolution;
  }

  result<search_result> run();

 private:
  /// The probe's configuration fits the memory budget.
  bool fits(std::int64_t value) const;
  /// Whether `value` keeps up, a failure confirmed once; false on a stop.
  result<bool> keeps_up(std::int64_t value);
  result<bool> probe(std::int64_t value);
  /// Moves the bounds by one probe (or a memory refusal) at `value`.
  result<bool> step(std::int64_t value);
  result<bool> bracket();
  result<bool> bisect();
  bool narrow_enough() const {
    return low_ <= 0 || high_ <= 0 || high_ - low_ <= 1
           || static_cast<double>(high_ - low_) / static_cast<double>(low_) <= decl_.resolution;
  }

  run_loop& loop_;
  const scenario& s_;
  const configuration& base_;
  const search_decl& decl_;
  const param_decl& param_;
  search_result out_;
  /// Largest value that kept up and smallest that failed or did not fit; 0: none.
  std::int64_t low_ = 0;
  std::int64_t high_ = 0;
  bool high_by_memory_ = false;
  bool stopped_ = false;
  /// A stop came between a failure and its confirmation: the bound stays.
  bool unconfirmed_ = false;
};

configuration with_value(const configuration& base, const std::string& param, std::int64_t v) {
  auto c = base;
  c.values[param] = v;
  return c;
}

bool searcher::fits(std::int64_t value) const {
  return static_cast<bool>(check_memory(s_, with_value(base_, decl_.param, value), loop_.budget()));
}

result<bool> searcher::probe(std::int64_t value) {
  auto index = loop_.add_configuration(with_value(base_, decl_.param, value), 1);
  auto ran = loop_.run_one(index, false, out_.probes.size(), true);
  if (!ran)
    return ran.err();
  auto& taken = loop_.results().configurations[index];
  bool kept = loop_.session().keeps_up(taken.config, taken.runs.back().record);
  out_.probes.push_back({value, kept, index});
  stopped_ = loop_.stopped();
  return kept;
}

result<bool> searcher::keeps_up(std::int64_t value) {
  auto first = probe(value);
  if (!first || *first)
    return first;
  if (stopped_) {
    unconfirmed_ = true;
    return false;
  }
  return probe(value);
}

result<bool> searcher::step(std::int64_t value) {
  if (!fits(value)) {
    high_ = value;
    high_by_memory_ = true;
    return true;
  }
  auto kept = keeps_up(value);
  if (!kept)
    return kept;
  if (*kept) {
    low_ = value;
  } else if (!unconfirmed_) {
    high_ = value;
    high_by_memory_ = false;
    out_.smallest_failing =
      out_.smallest_failing == 0 ? value : std::min(out_.smallest_failing, value);
  }
  return true;
}

result<bool> searcher::bracket() {
  auto floor = std::max<std::int64_t>(param_.min, 1);
  auto value = std::clamp(base_.integer(decl_.param), floor, std::max(param_.max, floor));
  auto moved = step(value);
  // Doubling up while it keeps up, halving down while it fails.
  while (moved && !stopped_ && (low_ == 0) != (high_ == 0)) {
    auto next = low_ != 0 ? std::min(low_ * 2, param_.max) : high_ / 2;
    if ((low_ != 0 && next <= low_) || (high_ != 0 && next < floor))
      break; // at the parameter's range: the answer is its end
    moved = step(next);
  }
  return moved;
}

result<bool> searcher::bisect() {
  while (!stopped_ && !narrow_enough()) {
    auto moved = step(low_ + (high_ - low_) / 2);
    if (!moved)
      return moved;
  }
  return true;
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

result<search_result> run_search(run_loop& loop, const scenario& s, const configuration& base) {
  return searcher{loop, s, base}.run();
}

} // namespace actorbench::bench
