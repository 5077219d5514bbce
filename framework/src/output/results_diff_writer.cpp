#include <algorithm>
#include <sstream>

#include <nlohmann/json.hpp>

#include "output/csv_quoted.hpp"
#include "output/html_page.hpp"
#include "output/html_text.hpp"
#include "output/markdown_html.hpp"
#include "bench/output/ratio_text.hpp"
#include "output/results_diff.hpp"
#include "bench/output/text_table.hpp"
#include "bench/output/text_wrap.hpp"
#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

metric_decl decl_of(const metric_change& c) {
  metric_decl m;
  m.name = c.metric;
  m.title = c.title;
  m.unit = c.unit;
  m.direction = c.direction;
  return m;
}

/// "30.5 ms → 36.6 ms": both medians in one unit.
std::string medians(const metric_change& c) {
  auto unit = choose_unit({c.old_median, c.new_median}, c.unit);
  auto with_unit = [&](double v) {
    auto text = format_in(v, unit);
    return unit.name.empty() ? text : text + " " + unit.name;
  };
  return with_unit(c.old_median) + " → " + with_unit(c.new_median);
}

const char* verdict_name(change_verdict v) {
  switch (v) {
    case change_verdict::worse:
      return "worse";
    case change_verdict::better:
      return "better";
    case change_verdict::inconclusive:
      return "inconclusive";
    case change_verdict::within_noise:
      break;
  }
  return "within_noise";
}

/// "inconclusive: old.json was noisy in rounds 3-6 and new.json in round 2".
std::string inconclusive_text(const results_diff& d, const matched_configuration& m) {
  auto rounds = [](const std::vector<std::size_t>& r) {
    return (r.size() == 1 ? "round " : "rounds ") + round_ranges(r);
  };
  std::string text = "inconclusive: ";
  if (!m.old_noisy_rounds.empty())
    text += d.old_name + " was noisy in " + rounds(m.old_noisy_rounds);
  if (!m.new_noisy_rounds.empty())
    text += (m.old_noisy_rounds.empty() ? d.new_name + " was noisy in " : " and " + d.new_name + " in ")
            + rounds(m.new_noisy_rounds);
  return text;
}

std::string verdict(const results_diff& d, const matched_configuration& m,
                    const metric_change& c) {
  std::string text;
  if (c.change.estimated_only)
    text = "point estimate only: fewer than 2 runs a side; ";
  auto threshold = fixed(d.noise_threshold_pct, 0) + "% noise threshold";
  switch (c.verdict) {
    case change_verdict::inconclusive:
      return text + inconclusive_text(d, m);
    case change_verdict::within_noise:
      return text + "within the " + threshold;
    case change_verdict::better:
      return text + "improvement beyond the " + threshold;
    case change_verdict::worse:
      break;
  }
  if (c.regressed)
    return text + "REGRESSION: > " + fixed(*d.fail_above_pct, 0) + "% worse";
  return text + "worse beyond the " + threshold;
}

std::string change_line(const results_diff& d, const matched_configuration& m,
                        const metric_change& c, bool name_metric) {
  auto line = m.label + (name_metric ? ", " + c.title : "") + ": " + medians(c) + " median, "
              + describe_ratio(c.change, decl_of(c));
  return line + " (" + verdict(d, m, c) + ")";
}

bool several_metrics(const results_diff& d) {
  for (const auto& m : d.matched)
    if (m.metrics.size() > 1)
      return true;
  return false;
}

/// Each file's noise evidence over all its runs.
std::vector<std::string> noise_lines(const results_diff& d) {
  std::vector<std::string> lines;
  for (const auto& [name, s] : {std::pair{d.old_name, d.old_noise}, {d.new_name, d.new_noise}}) {
    auto line = run_noise_line(s);
    lines.push_back(name + ": "
                    + (line.empty() ? "no noise evidence (its runs did not record it)" : line));
  }
  return lines;
}

std::size_t inconclusive_count(const results_diff& d) {
  std::size_t n = 0;
  for (const auto& m : d.matched)
    n += std::any_of(m.metrics.begin(), m.metrics.end(),
                     [](const metric_change& c) { return c.verdict == change_verdict::inconclusive; })
           ? 1
           : 0;
  return n;
}

std::vector<std::string> summary_lines(const results_diff& d) {
  std::vector<std::string> lines;
  if (!d.params_differ.empty())
    lines.push_back("compared although their parameters differ: " + d.params_differ);
  for (const auto& label : d.only_old)
    lines.push_back("only in " + d.old_name + ": " + label);
  for (const auto& label : d.only_new)
    lines.push_back("only in " + d.new_name + ": " + label);
  if (d.fail_above_pct)
    lines.push_back(d.regressed() ? "regression: a metric got more than "
                                      + fixed(*d.fail_above_pct, 0) + "% worse, beyond its interval"
                                  : "no regression above " + fixed(*d.fail_above_pct, 0) + "%");
  if (auto n = inconclusive_count(d); n > 0)
    lines.push_back("inconclusive: " + std::to_string(n) + " of " + std::to_string(d.matched.size())
                    + " configurations, a side noisy; "
                    + (d.strict ? "--strict fails on them" : "they fail only with --strict"));
  return lines;
}

/// "fanout, time until every reply: old.json → new.json": the metric in
/// words when one is compared (else each line names its own).
std::string heading(const results_diff& d) {
  std::string metric;
  if (!several_metrics(d))
    for (const auto& m : d.matched)
      if (!m.metrics.empty() && metric.empty())
        metric = ", " + m.metrics.front().title;
  return d.scenario + metric + ": " + d.old_name + " → " + d.new_name;
}

void write_text(const results_diff& d, const table_style& style, std::ostream& out) {
  std::vector<std::string> lines{heading(d)};
  for (auto& line : diff_change_lines(d))
    lines.push_back(std::move(line));
  for (auto& line : summary_lines(d))
    lines.push_back(std::move(line));
  for (auto& line : noise_lines(d))
    lines.push_back(std::move(line));
  for (const auto& line : lines)
    for (const auto& part : wrap_text(line, style.width, "    "))
      out << part << '\n';
}

void write_markdown(const results_diff& d, std::ostream& out) {
  text_table rows{{"configuration", "metric", d.old_name, d.new_name, "change", "verdict"}};
  for (const auto& m : d.matched)
    for (const auto& c : m.metrics) {
      auto both = medians(c);
      auto arrow = both.find(" → ");
      rows.push_back({m.label, c.title, both.substr(0, arrow), both.substr(arrow + 5),
                      describe_ratio(c.change, decl_of(c)), verdict(d, m, c)});
    }
  write_markdown_table(rows, out);
  for (const auto& line : summary_lines(d))
    out << "\n" << line << '\n';
  for (const auto& line : noise_lines(d))
    out << "\n" << line << '\n';
}

/// The Markdown of write_markdown as a self-contained page.
void write_html(const results_diff& d, std::ostream& out) {
  std::ostringstream markdown;
  write_markdown(d, markdown);
  auto title = "actorbench diff: " + d.old_name + " → " + d.new_name;
  out << html_page_start(title) << "<h1>" << html_text(title) << "</h1>\n";
  // The verdicts first, as the text diff prints them.
  out << "<p class=\"verdict\">" << html_text(heading(d));
  for (const auto& line : diff_change_lines(d))
    out << "<br>\n" << html_text(line);
  out << "</p>\n";
  for (const auto& block : markdown_html(markdown.str()))
    out << block.html;
  out << html_page_end();
}

nlohmann::json change_json(const matched_configuration& m, const metric_change& c) {
  return {{"configuration", m.label},
          {"metric", c.metric},
          {"title", c.title},
          {"unit", c.unit},
          {"old_median", c.old_median},
          {"new_median", c.new_median},
          {"old_runs", c.old_runs},
          {"new_runs", c.new_runs},
          {"ratio", c.change.ratio},
          {"low", c.change.low},
          {"high", c.change.high},
          {"p_value", c.change.p_value},
          {"estimated_only", c.change.estimated_only},
          {"verdict", verdict_name(c.verdict)},
          {"regressed", c.regressed},
          {"old_noisy_rounds", m.old_noisy_rounds},
          {"new_noisy_rounds", m.new_noisy_rounds}};
}

void write_csv(const results_diff& d, std::ostream& out) {
  static const char* const columns[] = {
    "configuration", "metric", "unit", "old_median", "new_median",     "old_runs", "new_runs",
    "ratio",         "low",    "high", "p_value",    "estimated_only", "verdict", "regressed",
    "title"};
  for (const auto* c : columns)
    out << (c == columns[0] ? "" : ",") << c;
  out << '\n';
  for (const auto& m : d.matched)
    for (const auto& c : m.metrics) {
      auto j = change_json(m, c);
      for (const auto* col : columns) {
        const auto& v = j[col];
        out << (col == columns[0] ? "" : ",")
            << csv_quoted(v.is_string() ? v.get<std::string>() : v.dump());
      }
      out << '\n';
    }
}

void write_json(const results_diff& d, std::ostream& out) {
  nlohmann::json changes = nlohmann::json::array();
  for (const auto& m : d.matched)
    for (const auto& c : m.metrics)
      changes.push_back(change_json(m, c));
  nlohmann::json j = {{"scenario", d.scenario},    {"old", d.old_name},
                      {"new", d.new_name},         {"changes", changes},
                      {"only_old", d.only_old},    {"only_new", d.only_new},
                      {"regressed", d.regressed()}};
  j["fail_above_pct"] = d.fail_above_pct ? nlohmann::json(*d.fail_above_pct) : nlohmann::json();
  j["noise_threshold_pct"] = d.noise_threshold_pct;
  j["strict"] = d.strict;
  j["inconclusive"] = d.inconclusive();
  j["params_differ"] = d.params_differ;
  j["old_noise"] = run_noise_line(d.old_noise);
  j["new_noise"] = run_noise_line(d.new_noise);
  out << j.dump(2) << '\n';
}

} // namespace

std::vector<std::string> diff_change_lines(const results_diff& d) {
  std::vector<std::string> lines;
  bool name_metric = several_metrics(d);
  for (const auto& m : d.matched)
    for (const auto& c : m.metrics)
      lines.push_back(change_line(d, m, c, name_metric));
  return lines;
}

void write_results_diff(const results_diff& d, results_format format, const table_style& style,
                        std::ostream& out) {
  switch (format) {
    case results_format::json:
      return write_json(d, out);
    case results_format::csv:
      return write_csv(d, out);
    case results_format::markdown:
      return write_markdown(d, out);
    case results_format::html:
      return write_html(d, out);
    case results_format::table:
      break;
  }
  if (style.markdown)
    return write_markdown(d, out);
  write_text(d, style, out);
}

} // namespace actorbench::bench
