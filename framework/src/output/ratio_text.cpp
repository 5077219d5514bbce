#include "bench/output/ratio_text.hpp"

#include <cmath>
#include <utility>

#include "bench/output/text_table.hpp"

namespace actorbench::bench {

namespace {

bool is_rate(const std::string& unit) {
  return unit.size() >= 2 && unit.compare(unit.size() - 2, 2, "/s") == 0;
}

/// The words for a ratio above 1 and below 1.
std::pair<const char*, const char*> words_for(const std::string& unit) {
  if (unit == "s")
    return {"slower", "faster"};
  if (is_rate(unit))
    return {"faster", "slower"};
  return {"higher", "lower"};
}

} // namespace

std::string factor(double f) {
  auto a = std::fabs(f);
  return fixed(f, a >= 100 ? 0 : a >= 10 ? 1 : 2);
}

bool is_worse(const ratio_interval& r, const metric_decl& m) {
  return m.direction == better::lower ? r.ratio > 1 : r.ratio < 1;
}

std::string describe_p(double p) {
  return p < 0.001 ? std::string{"p < 0.001"} : "p = " + fixed(p, 3);
}

std::string describe_ratio(const ratio_interval& r, const metric_decl& m) {
  auto [up, down] = words_for(m.unit);
  bool above = r.ratio >= 1;
  double point = above ? r.ratio : 1 / r.ratio;
  double low = above ? r.low : 1 / r.high;
  double high = above ? r.high : 1 / r.low;
  auto text = factor(point) + "x " + (above ? up : down);
  if (r.estimated_only)
    return text;
  return text + " [" + factor(low) + ", " + factor(high) + "], " + describe_p(r.p_value);
}

} // namespace actorbench::bench
