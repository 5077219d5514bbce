#include "bench/scenarios/keygen/keygen_table_view.hpp"

#include <cmath>
#include <cstdio>
#include <vector>

#include "bench/scenarios/keygen/key_table.hpp"
#include "bench/output/ranking.hpp"
#include "bench/output/text_table.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

// Two lines in plain text, so that they fit 100 columns.
constexpr const char* spread_note[] = {
  "spread: mean |x - mean| / mean of thread-seconds per key over the thread counts",
  "(the key-generation experiment's figure); max/min - 1: the largest over the smallest"};

std::string percent_text(double fraction, bool partial) {
  if (!std::isfinite(fraction))
    return "-";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f%%", fraction * 100);
  return std::string{buf} + (partial ? "*" : "");
}

double value_of(const key_cell& c, bool thread_seconds) {
  return thread_seconds ? c.thread_s_per_key : c.wall_s_per_key;
}

// One unit for a whole table, so that its columns compare at a glance.
display_unit table_unit(const key_table& t, bool thread_seconds, const table_style& style) {
  std::vector<double> values;
  for (const auto& row : t.cells)
    for (const auto& c : row)
      if (c.measured())
        values.push_back(value_of(c, thread_seconds));
  return choose_unit(values, "s", style.time_unit);
}

std::string cell_text(const key_cell& c, bool thread_seconds, const display_unit& unit,
                      bool with_unit) {
  if (!c.measured())
    return c.partial ? "-*" : "-";
  auto text = format_in(value_of(c, thread_seconds), unit) + (with_unit ? " " + unit.name : "");
  return c.partial ? text + "*" : text;
}

text_table grid_rows(const key_table& t, bool thread_seconds, const display_unit& unit) {
  text_table rows;
  std::vector<std::string> header{"threads"};
  for (std::size_t col = 0; col < t.sizes.size(); ++col)
    header.push_back(t.size_label(col));
  rows.push_back(std::move(header));
  for (std::size_t r = 0; r < t.threads.size(); ++r) {
    std::vector<std::string> row{std::to_string(t.threads[r])};
    for (const auto& c : t.cells[r])
      row.push_back(cell_text(c, thread_seconds, unit, !thread_seconds));
    rows.push_back(std::move(row));
  }
  return rows;
}

text_table spread_rows(const key_table& t, const display_unit& unit) {
  auto rows = grid_rows(t, true, unit);
  std::vector<std::string> spread{"spread"}, range{"max/min - 1"};
  for (const auto& s : t.spread) {
    spread.push_back(percent_text(s.mean_deviation, s.partial));
    range.push_back(percent_text(s.max_over_min, s.partial));
  }
  rows.push_back(std::move(spread));
  rows.push_back(std::move(range));
  return rows;
}

void write_table(const text_table& rows, const table_style& style, std::ostream& out) {
  if (style.markdown)
    write_markdown_table(rows, out);
  else
    write_aligned(rows, out);
}

void write_pair(const key_table& t, const table_style& style, std::ostream& out) {
  auto bold = [&](const std::string& s) { return style.markdown ? "**" + s + "**" : s; };
  auto gap = style.markdown ? "\n\n" : "\n";
  out << bold(t.title()) << ", wall time per key:" << gap;
  write_table(grid_rows(t, false, table_unit(t, false, style)), style, out);
  auto unit = table_unit(t, true, style);
  out << '\n'
      << bold(t.title()) << ", thread-seconds per key (wall x threads / keys, " << unit.name
      << "):" << gap;
  write_table(spread_rows(t, unit), style, out);
}

// The lines `line` makes of each cell (name, cell); empty: none.
template <class Line>
std::vector<std::string> cell_lines(const std::vector<key_table>& tables, Line line) {
  std::vector<std::string> out;
  for (const auto& t : tables)
    for (std::size_t r = 0; r < t.threads.size(); ++r)
      for (std::size_t col = 0; col < t.sizes.size(); ++col)
        if (auto text = line(t.cell_name(r, col), t.cells[r][col]); !text.empty())
          out.push_back(std::move(text));
  return out;
}

std::string partial_line(const std::string& name, const key_cell& c) {
  if (!c.partial)
    return {};
  return "* partial: " + name + ": " + std::to_string(c.generated) + " of "
         + std::to_string(c.requested) + " keys within the time limit";
}

std::string warning_line(const std::string& name, const key_cell& c) {
  if (c.validation_failures == 0)
    return {};
  auto w = name + ": " + std::to_string(c.validation_failures) + " of "
           + std::to_string(c.validated) + " checked keys failed validation";
  // The first failure on a line of its own: its text can be long.
  return c.first_validation_failure.empty() ? w : w + "\n  first: " + c.first_validation_failure;
}

std::string value_or_q(const configuration& c, const char* name) {
  auto i = c.values.find(std::string_view{name});
  return i == c.values.end() ? std::string{"?"} : to_text(i->second);
}

// The back-ends of each algorithm, size and thread count, fastest first.
void write_keygen_ranking(const scenario_results& r, const table_style& style, std::ostream& out) {
  ranking_labels labels;
  labels.subject = "back-ends by wall time per key";
  labels.group = [](const configuration_result& c) {
    auto label = value_or_q(c.config, "algo");
    if (c.config.applies("bits"))
      label += "-" + value_or_q(c.config, "bits");
    auto threads = value_or_q(c.config, "threads");
    label += ", " + threads + (threads == "1" ? " thread" : " threads");
    return c.source.empty() ? label : c.source + ": " + label;
  };
  labels.value = [](double median) { return format_value(median, "s") + " per key"; };
  write_ranking_by(r, "backend", "wall_s_per_key", labels, style, out);
}

} // namespace

const keygen_table_view& keygen_table_view::instance() {
  static const keygen_table_view v;
  return v;
}

void keygen_table_view::write(const scenario_results& r, const table_style& style,
                         std::ostream& out) const {
  auto tables = make_key_tables(r);
  for (std::size_t i = 0; i < tables.size(); ++i) {
    if (i > 0)
      out << '\n';
    write_pair(tables[i], style, out);
  }
  if (tables.empty())
    return;
  auto item = style.markdown ? "- " : "";
  out << '\n' << item << spread_note[0] << (style.markdown ? " " : "\n") << spread_note[1] << '\n';
  for (const auto& n : cell_lines(tables, partial_line))
    out << item << (style.markdown ? "\\" + n : n) << '\n';
  for (const auto& w : cell_lines(tables, warning_line))
    out << item << (style.markdown ? "**warning:** " : "warning: ") << w << '\n';
  write_keygen_ranking(r, style, out);
}

std::optional<std::string> keygen_table_view::plot_script(const scenario_results& r,
                                                          image_format format) const {
  return keygen_plot_script(r, format);
}

} // namespace actorbench::bench
