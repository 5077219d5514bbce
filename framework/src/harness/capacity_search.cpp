#include "bench/harness/capacity_search.hpp"

#include <algorithm>
#include <cmath>

namespace actorbench::bench {

std::size_t capacity_search::probes_left() const {
  if (estimate_.why != capacity_stop::searching)
    return 0;
  return options_.max_probes > probes_.size() ? options_.max_probes - probes_.size() : 0;
}

double capacity_search::grid_step() const {
  return std::log1p(options_.precision / 3);
}

// Probes lie on a grid of a third of the precision from the start: they
// land on the same loads again, so chance outcomes at loads a hair apart
// cannot pass for a curve sharper than the grid can show.
double capacity_search::on_grid(double load, double (*rounding)(double)) const {
  const double from = std::log(options_.start);
  return std::exp(from + grid_step() * rounding((std::log(load) - from) / grid_step()));
}

double capacity_search::within_range(double load) const {
  auto v = std::clamp(on_grid(load, std::round), options_.min_load, options_.max_load);
  return options_.whole_loads ? std::clamp(std::round(v), std::ceil(options_.min_load),
                                           std::floor(options_.max_load))
                              : v;
}

std::optional<double> capacity_search::end(capacity_stop why) {
  estimate_.why = why;
  return std::nullopt;
}

void capacity_search::add(const capacity_probe& probe) {
  probes_.push_back(probe);
  auto& e = estimate_;
  ++e.probes;
  if (probe.disturbed) {
    ++e.disturbed;
    // Noise only slows a run: a pass on a busy host would pass on a quiet
    // one, so it may move the doubling on, though it stays out of the fit.
    if (probe.keeps_up)
      largest_disturbed_pass_ = std::max(largest_disturbed_pass_, probe.load);
    return;
  }
  if (probe.keeps_up)
    e.largest_pass = std::max(e.largest_pass, probe.load);
  else
    e.smallest_fail = e.smallest_fail == 0 ? probe.load : std::min(e.smallest_fail, probe.load);
}

void capacity_search::refit() {
  auto& e = estimate_;
  if (e.largest_pass <= 0 || e.smallest_fail <= 0)
    return;
  std::vector<capacity_observation> counted;
  for (const auto& p : probes_)
    counted.push_back({p.load, p.keeps_up, p.disturbed ? 0.0 : 1.0});
  e.fit = fit_capacity(counted, options_.fit);
  // A curve sharper than the fit's prior allows explains a clean step
  // better: the interval spans what either explanation keeps.
  auto sharp_options = options_.fit;
  sharp_options.max_slope = options_.sharp_slope;
  auto sharp = fit_capacity(counted, sharp_options);
  sharp_capacity_ = sharp.curve.capacity;
  e.fit.low = std::min(e.fit.low, sharp.low);
  e.fit.high = std::max(e.fit.high, sharp.high);
  // The probes locate the crossing no finer than their grid: the interval
  // reaches out to the grid's loads on either side.
  if (e.fit.low_bounded())
    e.fit.low = on_grid(e.fit.low * (1 - 1e-9), std::floor);
  if (e.fit.high_bounded())
    e.fit.high = on_grid(e.fit.high * (1 + 1e-9), std::ceil);
}

void capacity_search::halt() {
  if (estimate_.why != capacity_stop::searching)
    return;
  estimate_.why = capacity_stop::halted;
  refit();
}

std::optional<double> capacity_search::next() {
  if (estimate_.why != capacity_stop::searching)
    return std::nullopt;
  auto& e = estimate_;
  bool passed = e.largest_pass > 0, failed = e.smallest_fail > 0;
  if (passed && failed)
    return from_fit();
  if (probes_.size() >= options_.max_probes)
    return end(capacity_stop::probe_budget);
  const auto doubled_from = std::max(e.largest_pass, largest_disturbed_pass_);
  if (!failed && doubled_from > 0) {
    if (e.largest_pass >= options_.max_load)
      return end(capacity_stop::at_max_load);
    return within_range(doubled_from * 2);
  }
  if (!passed && !failed)
    return within_range(options_.start);
  if (e.smallest_fail <= options_.min_load)
    return end(capacity_stop::below_min_load);
  return within_range(e.smallest_fail / 2);
}

std::size_t capacity_search::probes_near(double low, double high) const {
  return static_cast<std::size_t>(std::count_if(probes_.begin(), probes_.end(), [&](const auto& p) {
    return !p.disturbed && p.load >= low && p.load <= high;
  }));
}

std::optional<double> capacity_search::from_fit() {
  refit();
  auto& e = estimate_;
  const auto& f = e.fit;
  const auto c = f.curve.capacity;
  const bool bounded = f.low_bounded() && f.high_bounded();
  if (bounded && f.high - f.low <= 2 * options_.precision * c
      && probes_near(f.low / (1 + options_.precision), f.high * (1 + options_.precision))
           >= options_.min_probes_near)
    return end(capacity_stop::precise);
  if (f.low_bounded() && f.low >= options_.max_load / (1 + options_.precision))
    return end(capacity_stop::at_max_load);
  if (f.high_bounded() && f.high <= options_.min_load * (1 + options_.precision))
    return end(capacity_stop::below_min_load);
  if (probes_.size() >= options_.max_probes)
    return end(capacity_stop::probe_budget);
  // Where the fitted probability is near the target, and while the
  // interval is wide in turn at its ends too, which pins the slope down.
  const bool wide = !bounded || f.high - f.low > 4 * options_.precision * c;
  // Narrower: in turn where either fit crosses the target.
  if (!wide)
    return within_range(turn_++ % 2 == 0 ? c : sharp_capacity_);
  switch (turn_++ % 3) {
  case 1:
    return within_range(f.low_bounded() ? f.low : std::min(c, e.smallest_fail) / 2);
  case 2:
    return within_range(f.high_bounded() ? f.high : std::max(c, e.largest_pass) * 2);
  default:
    return within_range(c);
  }
}

capacity_estimate find_capacity(const capacity_search_options& options,
                                const std::function<std::optional<capacity_probe>(double)>& probe) {
  capacity_search search{options};
  while (auto load = search.next()) {
    auto outcome = probe(*load);
    if (!outcome) {
      search.halt();
      break;
    }
    outcome->load = *load;
    search.add(*outcome);
  }
  return search.estimate();
}

} // namespace actorbench::bench
