#pragma once

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/results.hpp"
#include "bench/output/view.hpp"

namespace actorbench::bench {

/// table, json, csv, markdown or html.
enum class results_format { table, json, csv, markdown, html };

/// Parses "table", "json", "csv", "markdown", "html".
result<results_format> parse_results_format(const std::string& text);

/// Writes scenario_results in one format to an injected stream.
class results_writer {
 public:
  virtual ~results_writer() = default;
  virtual void write(const scenario_results& r, std::ostream& out) const = 0;
};

/// Canonical output: everything, schema_version 2 (bench/output/json_writer.cpp).
std::unique_ptr<results_writer> make_json_writer();

/// One row per measured run, every parameter a column (bench/output/csv_writer.cpp).
std::unique_ptr<results_writer> make_csv_writer();

/// A scenario's verdict of results (scenario::verdict); empty or unset:
/// generic_verdict (bench/output/verdict.hpp).
using verdict_rule = std::function<std::string(const scenario_results&)>;

/// The verdict line first, then the generic table, or `table_view` when set
/// (bench/output/table_writer.cpp); style.markdown draws it as
/// GitHub-flavoured Markdown.
std::unique_ptr<results_writer> make_table_writer(const table_style& style,
                                                  const view* table_view = nullptr,
                                                  verdict_rule verdict = {});

/// What an HTML page is drawn with.
struct html_options {
  /// The tables' time unit (the width is the browser's).
  table_style style;
  /// The scenario's table (and plot) when set, else the generic ones.
  const view* table_view = nullptr;
  verdict_rule verdict;
  /// The program that draws the plot (bench/output/gnuplot_run.hpp).
  std::string gnuplot = "gnuplot";
};

/// One self-contained HTML5 page (bench/output/html_writer.cpp): the
/// verdict, the tables of the table writer as HTML tables, the plot as
/// inline SVG (or, when gnuplot is missing or fails, why there is none),
/// the notes and noise evidence, and each source's machine, command, date
/// and commit. CSS inline; no scripts and no reference outside the page.
std::unique_ptr<results_writer> make_html_writer(html_options options);

/// The writer for `format`. Table, markdown and html use `table_view` when
/// set (a scenario's seed view), else the generic table, under the verdict;
/// html names the results' own context (make_html_writer without sources).
std::unique_ptr<results_writer> make_results_writer(results_format format,
                                                    const table_style& style = {},
                                                    const view* table_view = nullptr,
                                                    verdict_rule verdict = {});

/// The JSON of `r` (schema_version 2, see framework/src/output/results.schema.json).
std::string to_json(const scenario_results& r);

/// Reads saved JSON results; `name` is used in error messages. Schema 1
/// fan-out files are imported; other schema 1 files are refused by name
/// (bad_input). runtime_failure "out of memory reading 'NAME'" when the
/// document does not fit in memory.
result<scenario_results> read_results(const std::string& json_text, const std::string& name);

} // namespace actorbench::bench
