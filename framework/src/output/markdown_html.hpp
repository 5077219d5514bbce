#pragma once

#include <string>
#include <vector>

namespace actorbench::bench {

/// One block of a page: a paragraph, a list or a table, as HTML.
struct html_block {
  enum class kind { paragraph, list, table };
  kind type = kind::paragraph;
  std::string html;
};

/// The Markdown the table writers and views draw (table_style::markdown) as
/// HTML blocks, so a page shows what the terminal shows: pipe tables (the
/// first row the header, the first column left-aligned and the others
/// right), "- " and "1. " items (an indented line continues an item; after a
/// paragraph, indented lines are its items), `**bold**` and backslash
/// escapes; other lines are paragraphs, a line each. All text is escaped
/// (html_text).
std::vector<html_block> markdown_html(const std::string& markdown);

} // namespace actorbench::bench
