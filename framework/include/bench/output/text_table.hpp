#pragma once

// Plain tables of text that several reports print: aligned for the console,
// GitHub-flavoured for Markdown.

#include <ostream>
#include <string>
#include <vector>

namespace actorbench::bench {

/// Rows of cells; the first row is the header.
using text_table = std::vector<std::vector<std::string>>;

/// First column left-aligned, the others right-aligned, two spaces apart;
/// widths in code points, so "µs" aligns like "ms".
void write_aligned(const text_table& rows, std::ostream& out);

/// As a Markdown table (first column left, the others right), '*' and '|'
/// escaped.
void write_markdown_table(const text_table& rows, std::ostream& out);

/// `v` with `decimals` decimals; empty for NaN and infinity.
std::string fixed(double v, int decimals);

} // namespace actorbench::bench
