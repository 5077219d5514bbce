#include "bench/scenarios/cipher/jmh_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/harness/ratio_interval.hpp"
#include "bench/harness/run_values.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/ranking.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

// Below this many runs on a side the U test's p-value says little.
constexpr std::size_t few_runs = 9;

// One printed row of a JMH table.
struct jmh_row {
  std::string label;
  std::string mode;
  std::string count;
  std::string score;
  std::string error; // empty: no "±" (fewer than two runs)
  std::string units;
};

std::string param_text(const configuration& c, const char* name) {
  auto i = c.values.find(std::string_view{name});
  return i == c.values.end() ? std::string{"?"} : to_text(i->second);
}

// "encrypt" or "decrypt"; results from before --direction only decrypted.
std::string direction_of(const configuration& c) {
  return param_text(c, "direction") == "encrypt" ? "encrypt" : "decrypt";
}

// What the labels add after the size: "/2-threads" above one thread,
// "/encrypt" for encrypts (decrypts, the default, as before).
std::string label_tail(const configuration& c) {
  std::string tail;
  auto threads = param_text(c, "threads");
  if (threads != "1" && threads != "?")
    tail += "/" + threads + "-threads";
  if (direction_of(c) == "encrypt")
    tail += "/encrypt";
  return tail;
}

// The op all configurations time, "decrypt" or "encrypt"; "op" when mixed.
std::string op_of(const scenario_results& r) {
  std::string op;
  for (const auto& c : r.configurations)
    if (op.empty())
      op = direction_of(c.config);
    else if (op != direction_of(c.config))
      return "op";
  return op.empty() ? std::string{"decrypt"} : op;
}

// "openssl/aes-128-ctr/per-actor/12" and its label_tail.
std::string label_of(const configuration_result& c) {
  auto label = param_text(c.config, "backend") + "/" + param_text(c.config, "cipher") + "/"
               + param_text(c.config, "context") + "/" + param_text(c.config, "size")
               + label_tail(c.config);
  if (!c.source.empty())
    label = c.source + ": " + label;
  return c.partial ? label + "*" : label;
}

// "aes-256-gcm/per-actor/12": a label without the back-end, for the ranking.
std::string group_label(const configuration_result& c) {
  auto label = param_text(c.config, "cipher") + "/" + param_text(c.config, "context") + "/"
               + param_text(c.config, "size") + label_tail(c.config);
  return c.source.empty() ? label : c.source + ": " + label;
}

// The back-ends of each cipher, context and size, fastest first.
void write_backend_ranking(const scenario_results& r, const table_style& style, std::ostream& out) {
  ranking_labels labels;
  auto op = op_of(r);
  labels.subject = "back-ends by median time per " + op;
  labels.group = group_label;
  labels.value = [op](double median) { return format_value(median, "s") + " per " + op; };
  write_ranking_by(r, "backend", "time_per_op", labels, style, out);
}

// JMH's three decimals, more below 1 so that three significant digits show.
int decimals_for(double v) {
  auto m = std::fabs(v);
  if (!std::isfinite(m) || m == 0 || m >= 1)
    return 3;
  return std::max(3, 2 - static_cast<int>(std::floor(std::log10(m))));
}

std::string number(double v, int decimals) {
  if (std::isnan(v))
    return "n/a";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", std::min(decimals, 12), v);
  return buf;
}

std::vector<double> metric_values(const scenario_results& r, const configuration_result& c,
                                  const char* metric, double scale) {
  const auto* m = r.scenario.find_metric(metric);
  if (m == nullptr)
    return {};
  auto values = per_run_values(c, *m);
  for (auto& v : values)
    v /= scale;
  return values;
}

jmh_row make_row(const std::string& label, const char* mode, const std::vector<double>& values,
                 const std::string& units) {
  auto s = summarize(values);
  int decimals = decimals_for(s.mean);
  return {label,
          mode,
          std::to_string(s.count),
          s.count == 0 ? std::string{"n/a"} : number(s.mean, decimals),
          s.count >= 2 ? number(s.ci999, decimals) : std::string{},
          units};
}

std::string pad(const std::string& s, std::size_t width, bool left) {
  // Code points, not bytes: units carry "µ".
  auto n = static_cast<std::size_t>(std::count_if(
    s.begin(), s.end(), [](char ch) { return (static_cast<unsigned char>(ch) & 0xc0) != 0x80; }));
  if (n >= width)
    return s;
  auto fill = std::string(width - n, ' ');
  return left ? s + fill : fill + s;
}

// JMH's layout: the label left-aligned, everything else right-aligned.
void write_aligned_rows(const std::vector<jmh_row>& rows, std::ostream& out) {
  std::size_t label_w = 9, score_w = 9, error_w = 7, units_w = 7;
  for (const auto& r : rows) {
    label_w = std::max(label_w, r.label.size());
    score_w = std::max(score_w, r.score.size());
    error_w = std::max(error_w, r.error.size());
    units_w = std::max(units_w, r.units.size());
  }
  out << pad("Benchmark", label_w + 2, true) << pad("Mode", 5, false) << pad("Cnt", 5, false)
      << pad("Score", score_w + 1, false) << pad("Error", error_w + 3, false)
      << pad("Units", units_w + 1, false) << '\n';
  for (const auto& r : rows) {
    out << pad(r.label, label_w + 2, true) << pad(r.mode, 5, false) << pad(r.count, 5, false)
        << pad(r.score, score_w + 1, false);
    if (r.error.empty())
      out << std::string(error_w + 3, ' ');
    else
      out << " \u00b1 " << pad(r.error, error_w, false);
    out << pad(r.units, units_w + 1, false) << '\n';
  }
}

void write_markdown_rows(const std::vector<jmh_row>& rows, std::ostream& out) {
  out << "| Benchmark | Mode | Cnt | Score | Error | Units |\n"
         "|---|---|---:|---:|---:|---|\n";
  for (const auto& r : rows)
    out << "| `" << r.label << "` | " << r.mode << " | " << r.count << " | " << r.score << " | "
        << (r.error.empty() ? "" : "\u00b1 " + r.error) << " | " << r.units << " |\n";
}

void write_rows(const std::vector<jmh_row>& rows, const table_style& style, std::ostream& out) {
  if (style.markdown)
    write_markdown_rows(rows, out);
  else
    write_aligned_rows(rows, out);
}

std::string preamble(const scenario_results& r) {
  const auto& first = r.configurations.front().config;
  std::string time = first.applies("time") ? format_value(first.seconds("time"), "s") : "?";
  std::string threads;
  for (const auto& c : r.configurations)
    if (threads.empty() || threads == param_text(c.config, "threads"))
      threads = param_text(c.config, "threads");
    else
      threads = "several";
  auto op = op_of(r);
  auto what = op == "op" ? std::string{"one decrypt or encrypt (/encrypt) per op; "}
                         : "one " + op + " per op; ";
  return what + counted(r.harness.runs, "run") + " of " + time + " after "
         + std::to_string(r.harness.warmup) + " warm-up per case, interleaved; threads: " + threads;
}

std::vector<jmh_row> score_rows(const scenario_results& r, const table_style& style) {
  auto avgt = choose_unit({}, "s", style.time_unit.empty() ? "ns" : style.time_unit);
  std::vector<jmh_row> rows;
  for (const auto& c : r.configurations)
    rows.push_back(
      make_row(label_of(c), "thrpt", metric_values(r, c, "throughput", 1e6), "ops/\u00b5s"));
  for (const auto& c : r.configurations)
    rows.push_back(make_row(label_of(c), "avgt", metric_values(r, c, "time_per_op", avgt.scale),
                            avgt.name + "/op"));
  return rows;
}

std::vector<jmh_row> bytes_rows(const scenario_results& r) {
  std::vector<double> medians;
  for (const auto& c : r.configurations)
    medians.push_back(median(metric_values(r, c, "bytes_per_s", 1)));
  auto unit = choose_unit(medians, "B/s");
  std::vector<jmh_row> rows;
  for (const auto& c : r.configurations)
    rows.push_back(
      make_row(label_of(c), "thrpt", metric_values(r, c, "bytes_per_s", unit.scale), unit.name));
  return rows;
}

} // namespace

namespace {

// All parameters equal but the message size.
bool same_but_size(const configuration& a, const configuration& b) {
  for (const auto& [name, value] : a.values)
    if (name != "size" && (b.values.count(name) == 0 || b.values.at(name) != value))
      return false;
  return a.values.size() == b.values.size();
}

std::size_t reference_position(const scenario_results& r) {
  for (std::size_t i = 0; i < r.configurations.size(); ++i)
    if (r.configurations[i].config.index == r.harness.reference)
      return i;
  return r.harness.reference < r.configurations.size() ? r.harness.reference : 0;
}

// The reference, or its stand-in at the message size of `c`.
std::size_t compared_with(const scenario_results& r, std::size_t ref, std::size_t c) {
  const auto& reference = r.configurations[ref].config;
  auto size = param_text(r.configurations[c].config, "size");
  for (std::size_t j = 0; j < r.configurations.size(); ++j) {
    const auto& other = r.configurations[j].config;
    if (same_but_size(other, reference) && param_text(other, "size") == size)
      return j;
  }
  return ref;
}

std::string ratio_text(const ratio_interval& q) {
  char buf[96];
  if (q.ratio >= 1)
    std::snprintf(buf, sizeof buf, "%.2fx slower [%.2f, %.2f]", q.ratio, q.low, q.high);
  else
    std::snprintf(buf, sizeof buf, "%.2fx faster [%.2f, %.2f]", 1 / q.ratio, 1 / q.high, 1 / q.low);
  return buf;
}

// "LABEL: 1.20x slower [1.19, 1.21], p = 0.012"; the heading names the reference.
std::string comparison_line(const scenario_results& r, std::size_t i, std::size_t against,
                            bool& few) {
  const auto& a = r.configurations[i];
  auto mine = metric_values(r, a, "time_per_op", 1);
  auto theirs = metric_values(r, r.configurations[against], "time_per_op", 1);
  if (mine.empty() || theirs.empty())
    return label_of(a) + ": n/a (no runs)";
  auto q = relative_to(mine, theirs);
  few = few || mine.size() < few_runs || theirs.size() < few_runs;
  char p[32];
  std::snprintf(p, sizeof p, "%.3g", q.p_value);
  return label_of(a) + ": " + ratio_text(q) + ", p = " + p;
}

std::vector<std::string> comparisons(const scenario_results& r, bool& few) {
  std::vector<std::string> out;
  auto ref = reference_position(r);
  for (std::size_t i = 0; i < r.configurations.size(); ++i) {
    if (i == ref)
      continue;
    auto against = compared_with(r, ref, i);
    if (against != i)
      out.push_back(comparison_line(r, i, against, few));
  }
  return out;
}

std::vector<std::string> warnings(const scenario_results& r) {
  std::vector<std::string> out;
  for (const auto& c : r.configurations) {
    auto failed = check_total(c, "failed_decrypts");
    if (failed == 0)
      continue;
    double ops = 0;
    std::string first;
    for (const auto& run : c.runs) {
      auto f = run.record.facts.find("ops");
      if (f != run.record.facts.end() && std::holds_alternative<double>(f->second))
        ops += std::get<double>(f->second);
      auto why = run.record.facts.find("first_failure");
      if (first.empty() && why != run.record.facts.end()
          && std::holds_alternative<std::string>(why->second))
        first = std::get<std::string>(why->second);
    }
    auto w = label_of(c) + ": " + std::to_string(failed) + " failed " + direction_of(c.config)
             + "s in " + number(ops, 0) + " measured;\n  its scores are not trustworthy";
    // The first failure on a line of its own: its text can be long.
    out.push_back(first.empty() ? w : w + "\n  first: " + first);
  }
  return out;
}

// Markdown: a list; plain text: `indent` before each line.
void write_list(const std::vector<std::string>& lines, const std::string& indent,
                const std::string& prefix, const table_style& style, std::ostream& out) {
  for (const auto& l : lines)
    out << (style.markdown ? "- " : indent) << prefix << l << '\n';
}

} // namespace

const jmh_view& jmh_view::instance() {
  static const jmh_view v;
  return v;
}

void jmh_view::write(const scenario_results& r, const table_style& style, std::ostream& out) const {
  if (r.configurations.empty())
    return;
  out << (style.markdown ? "" : "# ") << preamble(r) << "\n\n";
  write_rows(score_rows(r, style), style, out);
  out << '\n';
  write_rows(bytes_rows(r), style, out);
  bool few = false;
  auto lines = comparisons(r, few);
  if (!lines.empty()) {
    out << "\nrelative to " << label_of(r.configurations[reference_position(r)])
        << ", at the same message size where measured\n"
        << "(median time per " << op_of(r) << " with its 95% interval; p: Mann-Whitney U):\n"
        << (style.markdown ? "\n" : "");
    write_list(lines, "  ", "", style, out);
    if (few)
      out << "(fewer than " << few_runs << " runs on a side: p is unreliable)\n";
  }
  write_backend_ranking(r, style, out);
  bool partial = std::any_of(r.configurations.begin(), r.configurations.end(),
                             [](const configuration_result& c) { return c.partial; });
  if (partial)
    out << "\n* partial: fewer runs than planned, or a run was cut short\n";
  auto warned = warnings(r);
  if (!warned.empty())
    out << '\n';
  write_list(warned, "", style.markdown ? "**warning:** " : "warning: ", style, out);
}

} // namespace actorbench::bench
