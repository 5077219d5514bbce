#include <algorithm>
#include <ostream>

#include "harness/noise_report.hpp"
#include "bench/harness/search_answer.hpp"
#include "bench/output/column_labels.hpp"
#include "output/merged_verdict.hpp"
#include "output/results_grid.hpp"
#include "output/results_notes.hpp"
#include "output/source_footer.hpp"
#include "bench/output/results_writer.hpp"
#include "output/table_layout.hpp"
#include "bench/output/text_wrap.hpp"
#include "bench/output/verdict.hpp"

namespace actorbench::bench {

namespace {

/// What the runs' own evidence says, per file when several were merged.
std::vector<std::string> run_noise_lines(const scenario_results& r) {
  std::vector<std::string> sources;
  for (const auto& c : r.configurations)
    if (std::find(sources.begin(), sources.end(), c.source) == sources.end())
      sources.push_back(c.source);
  std::vector<std::string> out;
  for (const auto& source : sources) {
    std::vector<const run_result*> runs;
    for (const auto& c : r.configurations)
      if (c.source == source)
        for (const auto& run : c.runs)
          runs.push_back(&run);
    auto line = run_noise_line(summarize_run_noise(runs));
    if (!line.empty())
      out.push_back(sources.size() > 1 ? source + ": " + line : line);
  }
  return out;
}

/// The noise monitor's footer and warning (bench/harness/noise_report.hpp),
/// none when the probe was off, or each merged file's host, commit, date
/// and probes; then the runs' own evidence.
std::vector<std::string> noise_lines(const scenario_results& r) {
  auto out = source_footer(r);
  if (r.noise) {
    auto s = summarize_noise(*r.noise);
    out.push_back(noise_footer(*r.noise, s));
    if (auto warning = noise_warning(*r.noise, s); !warning.empty())
      out.push_back("warning: " + warning);
  }
  for (auto& line : run_noise_lines(r))
    out.push_back(std::move(line));
  return out;
}

/// A search's answer with its interval, and the rule that decided it.
std::vector<std::string> search_lines(const scenario_results& r) {
  if (!r.search)
    return {};
  return {search_answer(*r.search), "search: " + search_rule_text(r.search->rule)};
}

/// The verdict line and a blank line: the answer before the figures. Of
/// several files, their comparison comes first, a line per configuration
/// as `diff` says it, then the first file's own verdict.
void write_verdict(const scenario_results& r, const verdict_rule& verdict,
                   const table_style& style, std::ostream& out) {
  auto line = verdict ? verdict(r) : std::string{};
  if (line.empty())
    line = generic_verdict(r);
  // Each one line, never wrapped: a script reads the first with `head -1`.
  auto bold = [&](const std::string& text) { return style.markdown ? "**" + text + "**" : text; };
  auto comparison = merged_verdict_lines(r);
  for (const auto& compared : comparison)
    out << bold(compared) << '\n';
  out << (comparison.empty() ? "" : "\n") << bold(line) << "\n\n";
}

/// The generic table: title, constants, the blocks, comparison, warnings.
class table_writer : public results_writer {
 public:
  table_writer(const table_style& style, verdict_rule verdict)
    : style_(style), verdict_(std::move(verdict)) {}

  void write(const scenario_results& r, std::ostream& out) const override {
    write_verdict(r, verdict_, style_, out);
    auto grid = make_results_grid(r, style_);
    write_lines(
      {r.scenario.summary.empty() ? r.scenario.name : r.scenario.name + ": " + r.scenario.summary},
      false, out);
    write_lines({constants_line(grid.columns)}, false, out);
    out << '\n';
    if (r.configurations.empty())
      write_lines({"no configurations were measured"}, false, out);
    for (const auto& block : lay_out(grid, style_.width)) {
      if (style_.markdown)
        write_markdown_block(block, out);
      else
        write_block(block, out);
      out << '\n';
    }
    write_section(search_lines(r), out);
    write_section(comparison_notes(r, grid.columns), out);
    write_section(warning_notes(r, grid.columns), out);
    write_section(precision_notes(r, grid.columns), out);
    write_section(noise_lines(r), out);
  }

 private:
  /// Each line wrapped to the width; in Markdown a list item when `item`.
  void write_lines(const std::vector<std::string>& lines, bool item, std::ostream& out) const {
    for (const auto& line : lines) {
      if (line.empty())
        continue;
      auto text = line;
      if (style_.markdown && item) {
        auto indent = line.find_first_not_of(' ');
        text = line.substr(0, indent) + "- " + line.substr(indent);
      }
      for (const auto& part : wrap_text(text, style_.width, "    "))
        out << part << '\n';
    }
  }

  /// A heading line and its items, then a blank line; nothing when empty.
  void write_section(const std::vector<std::string>& lines, std::ostream& out) const {
    if (lines.empty())
      return;
    write_lines(lines, true, out);
    out << '\n';
  }

  table_style style_;
  verdict_rule verdict_;
};

/// A scenario's own table (a seed view) in place of the generic one.
class view_writer : public results_writer {
 public:
  view_writer(const table_style& style, const view& v, verdict_rule verdict)
    : style_(style), view_(&v), verdict_(std::move(verdict)) {}

  void write(const scenario_results& r, std::ostream& out) const override {
    write_verdict(r, verdict_, style_, out);
    view_->write(r, style_, out);
    auto footer = precision_notes(r, label_columns(r.scenario, r.configurations));
    for (auto& line : noise_lines(r))
      footer.push_back(std::move(line));
    for (const auto& line : footer)
      for (const auto& part : wrap_text((style_.markdown ? "- " : "") + line, style_.width, "    "))
        out << part << '\n';
  }

 private:
  table_style style_;
  const view* view_;
  verdict_rule verdict_;
};

} // namespace

std::unique_ptr<results_writer> make_table_writer(const table_style& style,
                                                  const view* table_view, verdict_rule verdict) {
  if (table_view != nullptr)
    return std::make_unique<view_writer>(style, *table_view, std::move(verdict));
  return std::make_unique<table_writer>(style, std::move(verdict));
}

} // namespace actorbench::bench
