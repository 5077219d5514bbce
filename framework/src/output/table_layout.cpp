#include "output/table_layout.hpp"

#include <algorithm>

#include "bench/output/text_wrap.hpp"

namespace actorbench::bench {

namespace {

using row_cells = std::vector<std::string>;

/// Each column's width in code points; rows of one cell do not count.
std::vector<std::size_t> column_widths(const text_table& rows) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    if (row.size() < 2)
      continue;
    widths.resize(std::max(widths.size(), row.size()), 0);
    for (std::size_t i = 0; i < row.size(); ++i)
      widths[i] = std::max(widths[i], code_points(row[i]));
  }
  return widths;
}

/// Greedy blocks of the columns after the `lead` label columns, each
/// fitting `width` with the label columns and two spaces before every
/// column; a new block also starts where `groups` (one per column, when
/// given) changes.
std::vector<std::vector<std::size_t>> column_blocks(const text_table& rows, std::size_t lead,
                                                    std::size_t width,
                                                    const std::vector<std::string>& groups = {}) {
  auto widths = column_widths(rows);
  std::size_t labels = 0;
  for (std::size_t i = 0; i < lead && i < widths.size(); ++i)
    labels += (i ? 2 : 0) + widths[i];
  std::vector<std::vector<std::size_t>> blocks;
  std::size_t used = 0;
  for (std::size_t i = lead; i < widths.size(); ++i) {
    bool regroup = i > lead && i < groups.size() && groups[i] != groups[i - 1];
    if (blocks.empty() || regroup || used + 2 + widths[i] > width) {
      blocks.emplace_back();
      used = labels;
    }
    blocks.back().push_back(i);
    used += 2 + widths[i];
  }
  return blocks;
}

text_table select(const text_table& rows, std::size_t lead,
                  const std::vector<std::size_t>& columns) {
  text_table out;
  for (const auto& row : rows) {
    if (row.size() < 2) {
      out.push_back(row);
      continue;
    }
    row_cells cells(row.begin(), row.begin() + static_cast<long>(std::min(lead, row.size())));
    for (auto c : columns)
      cells.push_back(c < row.size() ? row[c] : std::string{});
    out.push_back(std::move(cells));
  }
  return out;
}

text_table normal_table(const results_grid& g) {
  text_table rows;
  auto header = g.columns.header;
  if (header.empty())
    header.push_back(g.columns.labels);
  for (const auto& cells : header) {
    rows.push_back({""});
    rows.back().insert(rows.back().end(), cells.begin(), cells.end());
  }
  std::string section;
  for (const auto& r : g.rows) {
    if (r.section != section && !r.section.empty())
      rows.push_back({r.section});
    section = r.section;
    rows.push_back({section.empty() ? r.label : "  " + r.label});
    rows.back().insert(rows.back().end(), r.cells.begin(), r.cells.end());
  }
  return rows;
}

/// One row per configuration: its parameters' values in leading columns
/// (`lead` of them), then one column per grid row; `groups` gets each
/// column's section (the runs column joins the first metric's).
text_table transposed_table(const results_grid& g, std::size_t& lead,
                            std::vector<std::string>& groups) {
  auto names = g.columns.names;
  auto values = g.columns.values;
  if (names.empty()) {
    names.push_back("configuration");
    values.push_back(g.columns.labels);
  }
  lead = names.size();
  text_table rows{names};
  groups.assign(lead, "");
  for (const auto& r : g.rows) {
    rows[0].push_back(r.label);
    groups.push_back(r.section);
  }
  for (std::size_t i = groups.size(); i-- > lead + 1;)
    if (groups[i - 1].empty())
      groups[i - 1] = groups[i];
  for (std::size_t c = 0; c < g.columns.labels.size(); ++c) {
    rows.emplace_back();
    for (const auto& v : values)
      rows.back().push_back(v[c]);
    for (const auto& r : g.rows)
      rows.back().push_back(r.cells[c]);
  }
  return rows;
}

} // namespace

std::vector<text_table> lay_out(const results_grid& g, std::size_t width) {
  auto table = normal_table(g);
  std::size_t lead = 1;
  auto blocks = column_blocks(table, lead, width);
  std::vector<std::string> groups;
  bool transpose = blocks.size() > most_blocks;
  if (transpose) {
    table = transposed_table(g, lead, groups);
    blocks = column_blocks(table, lead, width, groups);
  }
  std::vector<text_table> out;
  for (const auto& columns : blocks) {
    out.push_back(select(table, lead, columns));
    // A transposed block holds one section: its title spans the block.
    if (transpose && !groups[columns.front()].empty())
      out.back().insert(out.back().begin(), row_cells{groups[columns.front()]});
  }
  return out;
}

void write_block(const text_table& rows, std::ostream& out) {
  auto widths = column_widths(rows);
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      auto pad = std::string(row.size() < 2 ? 0 : widths[i] - code_points(row[i]), ' ');
      line += i == 0 ? row[i] + pad : "  " + pad + row[i];
    }
    while (!line.empty() && line.back() == ' ')
      line.pop_back();
    out << line << '\n';
  }
}

void write_markdown_block(const text_table& rows, std::ostream& out) {
  auto columns = column_widths(rows).size();
  text_table padded = rows;
  for (auto& row : padded) {
    row.resize(std::max(row.size(), columns));
    // Markdown ignores indentation; the section rows stand apart anyway.
    row[0].erase(0, std::min(row[0].find_first_not_of(' '), row[0].size()));
  }
  write_markdown_table(padded, out);
}

} // namespace actorbench::bench
