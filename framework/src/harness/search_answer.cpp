#include "bench/harness/search_answer.hpp"

#include <algorithm>
#include <cstdio>

namespace actorbench::bench {

namespace {

// 12500 -> "12,500".
std::string grouped(std::int64_t v) {
  auto digits = std::to_string(v < 0 ? -v : v);
  for (auto at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3)
    digits.insert(static_cast<std::size_t>(at), ",");
  return (v < 0 ? "-" : "") + digits;
}

std::string one_decimal(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", v);
  return text;
}

std::string with_unit(const std::string& text, const search_result& s) {
  return s.unit.empty() ? text : text + " " + s.unit;
}

std::string criterion(const search_result& s) {
  return s.criterion.empty() ? std::string{} : " " + s.criterion;
}

/// The probes of one value (0: of all values), how many of them were
/// disturbed, and the largest slowdown among those.
struct disturbance {
  std::size_t probes = 0;
  std::size_t disturbed = 0;
  double worst = 0;

  disturbance(const search_result& s, std::int64_t value) {
    for (const auto& p : s.probes) {
      if (value != 0 && p.value != value)
        continue;
      ++probes;
      if (!p.disturbed)
        continue;
      ++disturbed;
      worst = std::max(worst, p.slowdown);
    }
  }

  std::string slower() const {
    return "(the host probe took up to " + one_decimal(worst)
           + "x its CPU time: it waited for its CPU)";
  }
};

std::string unresolved(const search_result& s) {
  std::string out = "capacity unresolved";
  if (s.largest > 0 && s.smallest_failing > 0)
    out += ": between " + grouped(s.largest) + " and "
           + with_unit(grouped(s.smallest_failing), s);
  else if (s.largest > 0)
    out += ": " + with_unit("at least " + grouped(s.largest), s);
  else if (s.smallest_failing > 0)
    out += ": " + with_unit("below " + grouped(s.smallest_failing), s);
  out += criterion(s);
  if (s.undecided == 0)
    return out + "; the search was stopped before it decided a value";
  disturbance d{s, s.undecided};
  out += "; " + grouped(s.undecided) + " stayed undecided after " + std::to_string(d.probes)
         + " probes";
  if (d.disturbed == 0)
    return out + " that disagreed";
  return out + ", " + std::to_string(d.disturbed) + " of them disturbed " + d.slower();
}

} // namespace

std::string search_rule_text(const search_rule& rule) {
  auto lead = std::to_string(rule.lead);
  return "each value is probed until the probes that kept up outnumber those that failed by "
         + lead + " (it passes) or the failures outnumber them by " + lead
         + " (it fails); after " + std::to_string(rule.max_probes)
         + " probes it is undecided and the search ends unresolved. A failure does not count "
           "when the host noise probe before or after it took more than "
         + one_decimal(rule.disturbed_slowdown)
         + "x its CPU time (it waited for its CPU: other work or the hypervisor held it; noise "
           "slows a run, it never speeds one up). The "
           "answer is an interval: the largest value that passed and the smallest that failed";
}

std::string search_answer(const search_result& s) {
  if (s.undecided != 0 || (s.largest == 0 && s.smallest_failing == 0))
    return unresolved(s);
  std::string out;
  if (s.largest > 0 && s.smallest_failing > 0) {
    auto mid = s.largest + (s.smallest_failing - s.largest) / 2;
    out = "capacity " + with_unit(grouped(mid), s) + " [" + grouped(s.largest) + ", "
          + grouped(s.smallest_failing) + "]";
  } else if (s.smallest_failing > 0) {
    out = "capacity " + with_unit("below " + grouped(s.smallest_failing), s) + ": the smallest "
          + "value probed failed";
  } else {
    out = "capacity " + with_unit("at least " + grouped(s.largest), s)
          + (s.memory_bound ? ": the most the memory budget allows" : ": the largest value probed");
  }
  out += criterion(s);
  if (disturbance d{s, 0}; d.disturbed > 0)
    out += "; " + std::to_string(d.disturbed) + " of " + std::to_string(d.probes)
           + " probes disturbed " + d.slower() + ", their failures not counted";
  return out;
}

} // namespace actorbench::bench
