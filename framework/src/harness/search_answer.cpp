#include "bench/harness/search_answer.hpp"

#include <algorithm>
#include <cmath>
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

std::string older_rule_text(const search_rule& rule) {
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

std::string older_answer(const search_result& s) {
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

std::string percent(double fraction) {
  char text[16];
  std::snprintf(text, sizeof text, "%g%%", std::round(fraction * 1000) / 10);
  return text;
}

std::string rounded(double v) {
  return grouped(static_cast<std::int64_t>(std::llround(v)));
}

/// What the capacity means: "keeps up in ≥90% of 5 s probes at 20 Hz ...".
std::string definition(const search_result& s) {
  return "(keeps up in ≥" + percent(s.keep_up) + " of "
         + (s.probe_length.empty() ? "" : s.probe_length + " ") + "probes" + criterion(s) + ")";
}

std::string counted(const search_result& s) {
  std::size_t disturbed = 0;
  for (const auto& p : s.probes)
    disturbed += p.disturbed;
  return "from " + std::to_string(s.probes.size()) + " probes ("
         + std::to_string(disturbed) + " disturbed, not counted)";
}

std::string interval(const search_result& s) {
  auto high = std::isfinite(s.high) && s.high > 0 ? rounded(s.high) : std::string{"∞"};
  return "[" + rounded(s.low) + ", " + high + "] " + percent(s.confidence) + " CI";
}

std::string unresolved_fit(const search_result& s) {
  std::string out = "capacity unresolved: ";
  bool high = std::isfinite(s.high) && s.high > 0;
  if (s.capacity <= 0) {
    if (s.largest > 0)
      out += with_unit("at least " + grouped(s.largest), s) + " (every counted probe kept up)";
    else if (s.smallest_failing > 0)
      out += with_unit("below " + grouped(s.smallest_failing), s) + " (no counted probe kept up)";
    else
      out += "no counted probe";
  } else if (s.low > 0 && high) {
    out += "between " + rounded(s.low) + " and " + with_unit(rounded(s.high), s) + " ("
           + percent(s.confidence) + " CI, estimate " + rounded(s.capacity) + ")";
  } else if (s.low > 0) {
    out += with_unit("at least " + rounded(s.low), s) + " (" + percent(s.confidence) + " CI)";
  } else {
    out += with_unit("at most " + rounded(s.high), s) + " (" + percent(s.confidence) + " CI)";
  }
  out += " " + definition(s) + ", " + counted(s);
  return out + (s.stop == "probe_budget" ? "; the budget of " + std::to_string(s.rule.max_probes)
                                             + " probes ran out before the interval was within ±"
                                             + percent(s.resolution)
                                         : "; the search was stopped");
}

} // namespace

std::string search_rule_text(const search_rule& rule) {
  if (rule.lead != 0)
    return older_rule_text(rule);
  return "the capacity is the largest value that keeps up in at least the target share of probes "
         "(--keep-up, 90% unless given); a logistic curve of keeping up against the log of the "
         "value is fitted to every probe, each next probe goes where the fitted share crosses the "
         "target (and to the interval's ends while it is wide), and the search stops once the "
         "interval (profile likelihood, --confidence, 90% unless given) is within ±--precision "
         "(5% unless given), or unresolved after "
         + std::to_string(rule.max_probes)
         + " probes (--max-probes). A probe does not count, and the search probes "
           "again, when the host noise probe before or after it took more than "
         + one_decimal(rule.disturbed_slowdown)
         + "x its CPU time (it waited for its CPU: other work or the hypervisor held it)"
         + (rule.disturbed_wait > 0 ? ", or when the run's threads waited on a run queue more "
                                      "than "
                                        + one_decimal(rule.disturbed_wait) + "x their CPU time"
                                    : std::string{});
}

std::string search_answer(const search_result& s) {
  if (s.stop.empty())
    return older_answer(s);
  if (s.stop == "at_max")
    return "capacity " + with_unit("at least " + rounded(s.largest), s)
           + (s.memory_bound ? ", the most the memory budget allows " : ", the most allowed ")
           + definition(s) + ", " + counted(s);
  if (s.stop == "below_min")
    return "capacity " + with_unit("below " + rounded(s.smallest_failing), s)
           + ": the smallest value fails " + definition(s) + ", " + counted(s);
  if (s.stop != "precise")
    return unresolved_fit(s);
  return "capacity " + with_unit(rounded(s.capacity), s) + " " + definition(s) + " "
         + interval(s) + ", " + counted(s);
}

} // namespace actorbench::bench
