#include "bench/output/results_writer.hpp"

namespace actorbench::bench {

result<results_format> parse_results_format(const std::string& text) {
  if (text == "table")
    return results_format::table;
  if (text == "json")
    return results_format::json;
  if (text == "csv")
    return results_format::csv;
  if (text == "markdown")
    return results_format::markdown;
  if (text == "html")
    return results_format::html;
  return bad_input("invalid --format '" + text + "': expected table, json, csv, markdown or html");
}

std::unique_ptr<results_writer> make_results_writer(results_format format, const table_style& style,
                                                    const view* table_view, verdict_rule verdict) {
  switch (format) {
    case results_format::json:
      return make_json_writer();
    case results_format::csv:
      return make_csv_writer();
    case results_format::markdown: {
      auto markdown = style;
      markdown.markdown = true;
      return make_table_writer(markdown, table_view, std::move(verdict));
    }
    case results_format::html:
      return make_html_writer({style, table_view, std::move(verdict), "gnuplot"});
    case results_format::table:
      break;
  }
  return make_table_writer(style, table_view, std::move(verdict));
}

} // namespace actorbench::bench
