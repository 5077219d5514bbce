#include "bench/scenarios/fanout/erlang_table_view.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "bench/scenarios/fanout/erlang_table_labels.hpp"
#include "bench/scenarios/fanout/erlang_table_rows.hpp"
#include "bench/harness/ratio_interval.hpp"
#include "bench/harness/run_values.hpp"
#include "bench/harness/statistics.hpp"
#include "bench/output/text_table.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

// Fewer runs than this on either side make a Mann-Whitney U p-value unreliable.
constexpr std::size_t min_runs_for_u_test = 9;

// Code points, not bytes: "µs" and "±" are one column each.
std::size_t columns_of(const std::string& s) {
  return static_cast<std::size_t>(
    std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// `text` broken at spaces into lines of at most `width` columns; continuation
// lines keep its indentation plus two.
void write_wrapped(const std::string& text, std::size_t width, std::ostream& out) {
  auto indent = std::min(text.find_first_not_of(' '), text.size());
  std::string line = text.substr(0, indent);
  auto continuation = line + "  ";
  bool fresh = true;
  std::istringstream words{text.substr(indent)};
  for (std::string word; words >> word; fresh = false) {
    if (!fresh && columns_of(line) + 1 + columns_of(word) > width) {
      out << line << '\n';
      line = continuation;
      fresh = true;
    }
    line += (fresh ? "" : " ") + word;
  }
  out << line << '\n';
}

void write_preamble(const scenario_results& r, const erlang_table_labels& labels,
                    const table_style& style, std::ostream& out) {
  const auto& m = r.machine;
  write_wrapped(r.tool.name + " " + r.tool.version + " fan-out on " + m.cpu_model + ", "
                  + counted(m.cores, "core") + "; CAF " + m.caf_version + ", " + m.openssl_version
                  + ", " + m.libsodium_version + ", " + r.tool.allocator + " malloc"
                  + merged_host_note(r),
                style.width, out);
  bool partial = !r.stopped.empty();
  for (const auto& c : r.configurations)
    partial = partial || c.partial;
  if (partial)
    write_wrapped("PARTIAL: " + (r.stopped.empty() ? std::string{"interrupted"} : r.stopped)
                    + "; some configurations have fewer runs than asked for",
                  style.width, out);
  const auto& h = r.harness;
  auto what = "times from the first spawn until the collector has every reply; "
              + counted(h.runs, "run") + " after " + std::to_string(h.warmup)
              + " warm-up per configuration";
  if (r.configurations.size() > 1)
    what += h.shuffle ? ", interleaved in shuffled order (--seed " + std::to_string(h.seed) + ")"
                      : ", interleaved round by round";
  if (!labels.constants.empty())
    what += "; " + joined(labels.constants);
  write_wrapped(what, style.width, out);
  out << '\n';
}

// Each column's width: its header lines (joined for Markdown) and cells.
std::vector<std::size_t> column_widths(const erlang_table_labels& labels,
                                       const std::vector<erlang_table_row>& rows, bool markdown) {
  std::vector<std::size_t> widths;
  for (std::size_t i = 0; i < labels.columns.size(); ++i) {
    std::size_t w = markdown ? columns_of(joined(labels.columns[i])) : 0;
    for (const auto& line : labels.columns[i])
      w = std::max(w, columns_of(line));
    for (const auto& row : rows)
      w = std::max(w, columns_of(row.cells[i]));
    widths.push_back(w);
  }
  return widths;
}

std::string pad(const std::string& s, std::size_t width) {
  return std::string(width > columns_of(s) ? width - columns_of(s) : 0, ' ');
}

// Columns [first, last) as aligned text: header lines, then the rows.
void write_text_block(const erlang_table_labels& labels, const std::vector<erlang_table_row>& rows,
                      const std::vector<std::size_t>& widths, std::size_t label_width,
                      std::size_t first, std::size_t last, std::ostream& out) {
  std::size_t lines = 0;
  for (auto i = first; i < last; ++i)
    lines = std::max(lines, labels.columns[i].size());
  for (std::size_t l = 0; l < lines; ++l) {
    out << std::string(label_width, ' ');
    for (auto i = first; i < last; ++i) {
      auto text = l < labels.columns[i].size() ? labels.columns[i][l] : std::string{};
      out << "  " << pad(text, widths[i]) << text;
    }
    out << '\n';
  }
  for (const auto& row : rows) {
    out << row.label << pad(row.label, label_width);
    for (auto i = first; i < last; ++i)
      out << "  " << pad(row.cells[i], widths[i]) << row.cells[i];
    out << '\n';
  }
}

void write_markdown_block(const erlang_table_labels& labels, const std::vector<erlang_table_row>& rows,
                          std::size_t first, std::size_t last, std::ostream& out) {
  text_table t{{""}};
  for (auto i = first; i < last; ++i)
    t[0].push_back(joined(labels.columns[i]));
  for (const auto& row : rows) {
    t.push_back({row.label});
    t.back().insert(t.back().end(), row.cells.begin() + first, row.cells.begin() + last);
  }
  write_markdown_table(t, out);
}

// The table in blocks of as many columns as fit the width (at least one).
void write_table(const erlang_table_labels& labels, const std::vector<erlang_table_row>& rows,
                 const table_style& style, std::ostream& out) {
  std::size_t label_width = 0;
  for (const auto& row : rows)
    label_width = std::max(label_width, columns_of(row.label));
  auto widths = column_widths(labels, rows, style.markdown);
  for (std::size_t first = 0; first < widths.size();) {
    auto last = first + 1;
    for (auto used = label_width + 2 + widths[first];
         last < widths.size() && used + 2 + widths[last] <= style.width; ++last)
      used += 2 + widths[last];
    if (first > 0)
      out << '\n';
    if (style.markdown)
      write_markdown_block(labels, rows, first, last, out);
    else
      write_text_block(labels, rows, widths, label_width, first, last, out);
    first = last;
  }
}

// "1.23x slower [1.10, 1.35]": the median ratio to the reference with its
// interval, turned round when faster.
std::string ratio_text(const ratio_interval& q) {
  bool slower = q.ratio >= 1;
  auto shown = [&](double v) { return fixed(slower ? v : 1 / v, 2); };
  auto text = shown(q.ratio) + "x " + (slower ? "slower" : "faster");
  if (!q.estimated_only)
    text += " [" + shown(slower ? q.low : q.high) + ", " + shown(slower ? q.high : q.low) + "]";
  return text;
}

void write_relative(const scenario_results& r, const erlang_table_labels& labels,
                    const table_style& style, std::ostream& out) {
  const auto& cs = r.configurations;
  if (cs.size() < 2)
    return;
  auto ref = std::min(r.harness.reference, cs.size() - 1);
  const auto& headline = r.scenario.headline();
  auto base = per_run_values(cs[ref], headline);
  out << '\n';
  write_wrapped("relative to " + joined(labels.columns[ref])
                  + " (median time, 95% interval; p: Mann-Whitney U):",
                style.width, out);
  for (std::size_t i = 0; i < cs.size(); ++i) {
    if (i == ref)
      continue;
    auto values = per_run_values(cs[i], headline);
    auto line = "  " + joined(labels.columns[i]) + ": ";
    if (values.empty() || base.empty()) {
      write_wrapped(line + "n/a (no measured runs)", style.width, out);
      continue;
    }
    auto q = relative_to(values, base);
    char p[32];
    std::snprintf(p, sizeof p, "%.3g", q.p_value);
    line += ratio_text(q) + ", p = " + p;
    if (q.estimated_only)
      line += " (fewer than 2 runs: no interval)";
    else if (values.size() < min_runs_for_u_test || base.size() < min_runs_for_u_test)
      line += " (fewer than " + std::to_string(min_runs_for_u_test) + " runs: p is unreliable)";
    write_wrapped(line, style.width, out);
  }
}

// Things a reader should know before trusting a result, one sentence each.
std::vector<std::string> warnings_of(const configuration_result& c, const scenario_results& r) {
  std::vector<std::string> out;
  auto values = per_run_values(c, r.scenario.headline());
  if (c.partial)
    out.push_back("partial: " + std::to_string(c.runs.size()) + " of "
                  + counted(r.harness.runs, "run") + " measured before the interruption");
  std::uint64_t wrong = 0;
  for (const auto& check : r.scenario.checks)
    wrong += check_total(c, check.name);
  if (wrong > 0)
    out.push_back(std::to_string(wrong) + " mismatched replies: this result is not valid");
  if (auto odd = outliers(values); !odd.empty())
    out.push_back(std::to_string(odd.size()) + " of " + std::to_string(values.size())
                  + " runs are statistical outliers (modified Z-score > 3.5): other load on the "
                    "machine may have disturbed them");
  if (first_run_much_slower(values))
    out.push_back(
      "the first measured run was much slower than the rest: consider more --warmup runs");
  return out;
}

class erlang_table : public view {
 public:
  // The name --view and saved configurations select it by.
  std::string_view name() const override { return "erlang-table"; }

  void write(const scenario_results& r, const table_style& style,
             std::ostream& out) const override {
    auto labels = label_configurations(r.configurations);
    write_preamble(r, labels, style, out);
    if (r.configurations.empty())
      return;
    write_table(labels, erlang_table_rows(r, style), style, out);
    write_relative(r, labels, style, out);
    for (std::size_t i = 0; i < r.configurations.size(); ++i)
      for (const auto& w : warnings_of(r.configurations[i], r))
        write_wrapped("warning: " + joined(labels.columns[i]) + ": " + w, style.width, out);
  }
};

} // namespace

const view& erlang_table_view() {
  static const erlang_table instance;
  return instance;
}

} // namespace actorbench::bench
