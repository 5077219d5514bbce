#include "harness/progress_estimate.hpp"

#include <utility>

#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

progress_estimate::progress_estimate(std::vector<double> hints)
  : hints_(std::move(hints)), warmups_(hints_.size()), runs_(hints_.size()) {}

std::size_t progress_estimate::add(double hint) {
  hints_.push_back(hint);
  warmups_.emplace_back();
  runs_.emplace_back();
  return hints_.size() - 1;
}

void progress_estimate::record(std::size_t config, double wall_s, bool warmup) {
  (warmup ? warmups_ : runs_)[config].push_back(wall_s);
}

double progress_estimate::measured(std::size_t config) const {
  if (!runs_[config].empty())
    return median(runs_[config]);
  if (!warmups_[config].empty())
    return median(warmups_[config]);
  return -1;
}

double progress_estimate::cost(std::size_t config) const {
  if (auto own = measured(config); own >= 0)
    return own;
  double seconds = 0;
  double hinted = 0;
  for (std::size_t i = 0; i < hints_.size(); ++i)
    if (auto m = measured(i); m >= 0) {
      seconds += m;
      hinted += hints_[i];
    }
  return hinted > 0 ? hints_[config] * seconds / hinted : 0;
}

double progress_estimate::seconds_left(const std::vector<std::size_t>& remaining) const {
  double total = 0;
  for (std::size_t i = 0; i < remaining.size() && i < hints_.size(); ++i)
    if (remaining[i] > 0)
      total += static_cast<double>(remaining[i]) * cost(i);
  return total;
}

} // namespace actorbench::bench
