#include "output/markdown_html.hpp"

#include <cctype>
#include <sstream>

#include "output/html_text.hpp"

namespace actorbench::bench {

namespace {

std::size_t indent_of(const std::string& line) {
  auto at = line.find_first_not_of(' ');
  return at == std::string::npos ? line.size() : at;
}

/// The length of a list marker ("- ", "12. ") at the start of `text`, or 0.
std::size_t marker_of(const std::string& text) {
  if (text.rfind("- ", 0) == 0)
    return 2;
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits])))
    ++digits;
  return digits > 0 && text.compare(digits, 2, ". ") == 0 ? digits + 2 : 0;
}

/// Inline Markdown: `**bold**` and backslash escapes; the rest escaped.
std::string inline_html(const std::string& text) {
  std::string out, plain;
  bool bold = false;
  auto flush = [&] {
    out += html_text(plain);
    plain.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size() && std::ispunct(static_cast<unsigned char>(text[i + 1]))) {
      plain += text[++i];
    } else if (text.compare(i, 2, "**") == 0 && (bold || text.find("**", i + 2) != std::string::npos)) {
      flush();
      out += bold ? "</strong>" : "<strong>";
      bold = !bold;
      ++i;
    } else {
      plain += text[i];
    }
  }
  flush();
  return out;
}

/// The cells of a pipe-table row, split at the pipes that are not escaped.
std::vector<std::string> cells_of(const std::string& row) {
  std::vector<std::string> cells;
  std::string cell;
  auto end = row.find_last_not_of(' ');
  for (std::size_t i = 1; i < end; ++i) {
    if (row[i] == '\\' && i + 1 < end) {
      cell += row.substr(i++, 2);
    } else if (row[i] == '|') {
      cells.push_back(cell);
      cell.clear();
    } else {
      cell += row[i];
    }
  }
  cells.push_back(cell);
  for (auto& c : cells) {
    auto b = c.find_first_not_of(' ');
    c = b == std::string::npos ? "" : c.substr(b, c.find_last_not_of(' ') - b + 1);
  }
  return cells;
}

bool is_separator(const std::string& row) {
  return row.find_first_not_of("|-: ") == std::string::npos;
}

/// Builds the blocks line by line.
class page_blocks {
 public:
  void add(const std::string& line) {
    if (line.find_first_not_of(' ') == std::string::npos)
      return close();
    auto indent = indent_of(line);
    auto text = line.substr(indent);
    if (text.front() == '|')
      return table_row(text);
    if (auto marker = marker_of(text))
      return item(text.substr(marker), indent > 0);
    if (indent == 0 || !has_open_ || open_ == html_block::kind::table)
      return paragraph(text);
    if (open_ == html_block::kind::paragraph) {
      // "relative to ...:" and its indented lines: a list under the paragraph.
      close();
      item_indent_ = indent;
      return item(text, false);
    }
    if (indent > item_indent_)
      return continuation(text);
    item(text, false);
  }

  std::vector<html_block> finish() {
    close();
    return std::move(blocks_);
  }

 private:
  void open(html_block::kind type) {
    if (has_open_ && open_ == type)
      return;
    close();
    has_open_ = true;
    open_ = type;
    items_ = 0;
    current_.clear();
  }

  void close() {
    if (!has_open_)
      return;
    if (open_ == html_block::kind::list)
      current_ = "<ul>\n" + current_ + "</li>\n</ul>\n";
    else if (open_ == html_block::kind::table)
      current_ = "<div class=\"table\"><table>\n" + current_ + "</tbody></table></div>\n";
    else
      current_ = "<p>" + current_ + "</p>\n";
    blocks_.push_back({open_, std::move(current_)});
    current_.clear();
    has_open_ = false;
    item_indent_ = 0;
  }

  void paragraph(const std::string& text) {
    bool more = has_open_ && open_ == html_block::kind::paragraph;
    open(html_block::kind::paragraph);
    current_ += (more ? "<br>\n" : "") + inline_html(text);
  }

  void item(const std::string& text, bool nested) {
    open(html_block::kind::list);
    current_ += std::string(items_++ > 0 ? "</li>\n" : "") + (nested ? "<li class=\"sub\">" : "<li>")
                + inline_html(text);
  }

  void continuation(const std::string& text) { current_ += " " + inline_html(text); }

  void table_row(const std::string& row) {
    if (is_separator(row))
      return;
    bool head = !(has_open_ && open_ == html_block::kind::table);
    open(html_block::kind::table);
    auto tag = head ? std::string{"th"} : std::string{"td"};
    current_ += head ? "<thead><tr>" : "<tr>";
    for (const auto& cell : cells_of(row))
      current_ += "<" + tag + ">" + inline_html(cell) + "</" + tag + ">";
    current_ += head ? "</tr></thead>\n<tbody>\n" : "</tr>\n";
  }

  std::vector<html_block> blocks_;
  std::string current_;
  html_block::kind open_ = html_block::kind::paragraph;
  bool has_open_ = false;
  std::size_t items_ = 0;
  std::size_t item_indent_ = 0;
};

} // namespace

std::vector<html_block> markdown_html(const std::string& markdown) {
  page_blocks blocks;
  std::istringstream in{markdown};
  for (std::string line; std::getline(in, line);)
    blocks.add(line);
  return blocks.finish();
}

} // namespace actorbench::bench
