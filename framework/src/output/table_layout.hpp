#pragma once

#include <cstddef>
#include <ostream>
#include <vector>

#include "output/results_grid.hpp"
#include "bench/output/text_table.hpp"

namespace actorbench::bench {

/// Blocks beyond which a table is transposed (one row per configuration).
constexpr std::size_t most_blocks = 4;

/// The grid as text tables that fit `width` code points: one column per
/// configuration, split into blocks of columns that repeat the row labels;
/// with more than `most_blocks` blocks, transposed (one row per
/// configuration, one column per statistic) and split the same way. A row
/// of one cell is a section title spanning the table.
std::vector<text_table> lay_out(const results_grid& g, std::size_t width);

/// Like write_aligned (widths in code points), but a row of one cell spans
/// the table and does not widen the first column.
void write_block(const text_table& rows, std::ostream& out);

/// As a Markdown table; rows of one cell are padded to the table's width.
void write_markdown_block(const text_table& rows, std::ostream& out);

} // namespace actorbench::bench
