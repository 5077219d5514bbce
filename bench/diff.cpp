#include "bench/diff.hpp"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

namespace {

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string p_text(double p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", p);
  return buf;
}

std::string general(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

double median_of(const fanout_result& r) {
  return median(r.samples_s);
}

// The change in words, e.g. "1.22 ± 0.05x faster", or why there is none.
std::string change_text(const relative_speed& c) {
  if (!std::isfinite(c.speed.value))
    return "no ratio (a mean time is not positive)";
  return to_string(c.speed);
}

std::string few_samples_note() {
  return "fewer than " + std::to_string(min_samples_for_u_test) + " runs: p is unreliable";
}

std::string mismatch_note(const diff_entry& e) {
  std::string out;
  if (e.old_result && e.old_result->mismatches > 0)
    out += " (OLD has " + std::to_string(e.old_result->mismatches) + " mismatched replies)";
  if (e.new_result && e.new_result->mismatches > 0)
    out += " (NEW has " + std::to_string(e.new_result->mismatches) + " mismatched replies)";
  return out;
}

void write_table(const std::vector<diff_entry>& entries, std::ostream& out) {
  for (const auto& e : entries) {
    out << e.label << ": ";
    if (e.old_result && e.new_result) {
      out << fixed(median_of(*e.old_result), 4) << " s -> " << fixed(median_of(*e.new_result), 4)
          << " s median";
      if (e.change) {
        out << ", " << change_text(*e.change) << ", p = " << p_text(e.change->p_value);
        if (e.change->few_samples)
          out << " (" << few_samples_note() << ")";
      }
    } else if (e.old_result) {
      out << "only in OLD, " << fixed(median_of(*e.old_result), 4) << " s median";
    } else if (e.new_result) {
      out << "only in NEW, " << fixed(median_of(*e.new_result), 4) << " s median";
    }
    out << mismatch_note(e) << '\n';
  }
}

std::string markdown_cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out;
}

void write_markdown(const std::vector<diff_entry>& entries, std::ostream& out) {
  out << "| configuration | old median (s) | new median (s) | change (mean time) | p |\n"
      << "|---|---:|---:|---|---:|\n";
  for (const auto& e : entries) {
    out << "| " << markdown_cell(e.label) << " | "
        << (e.old_result ? fixed(median_of(*e.old_result), 4) : "") << " | "
        << (e.new_result ? fixed(median_of(*e.new_result), 4) : "") << " | ";
    if (e.change) {
      out << change_text(*e.change) << mismatch_note(e) << " | " << p_text(e.change->p_value);
      if (e.change->few_samples)
        out << " (" << few_samples_note() << ")";
    } else {
      out << (e.old_result ? "only in OLD" : "only in NEW") << mismatch_note(e) << " | ";
    }
    out << " |\n";
  }
}

nlohmann::json side_json(const std::optional<fanout_result>& r) {
  if (!r)
    return nullptr;
  auto s = summarize(r->samples_s);
  return {{"runs", s.count},
          {"median_s", s.median},
          {"mean_s", s.mean},
          {"stddev_s", s.stddev},
          {"mismatches", r->mismatches}};
}

void write_json(const std::vector<diff_entry>& entries, std::ostream& out) {
  auto doc = nlohmann::json::array();
  for (const auto& e : entries) {
    const auto& r = e.new_result ? *e.new_result : *e.old_result;
    nlohmann::json x = {
      {"label", e.label},
      {"params",
       {{"scenario", r.scenario},
        {"procs", r.procs},
        {"crypto", r.crypto ? "on" : "off"},
        {"backend", r.backend},
        {"cipher", r.cipher},
        {"threads", r.threads},
        {"policy", r.policy},
        {"spawn", r.spawn},
        {"context", r.context}}},
      {"old", side_json(e.old_result)},
      {"new", side_json(e.new_result)},
      {"only_in", e.change ? nlohmann::json() : nlohmann::json(e.old_result ? "old" : "new")},
    };
    if (e.change)
      x["change"] = {{"ratio", e.change->speed.value},
                     {"error", e.change->speed.error},
                     {"faster", e.change->speed.faster},
                     {"p_value", e.change->p_value},
                     {"few_samples", e.change->few_samples}};
    else
      x["change"] = nullptr;
    doc.push_back(std::move(x));
  }
  // NaN becomes null; bytes that are not UTF-8 are replaced rather than thrown on.
  out << doc.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos)
    return text;
  std::string out = "\"";
  for (char c : text) {
    if (c == '"')
      out += '"';
    out += c;
  }
  return out + '"';
}

void write_csv(const std::vector<diff_entry>& entries, std::ostream& out) {
  out << "scenario,procs,crypto,backend,cipher,threads,policy,spawn,context,old_runs,old_median_s,"
         "new_runs,new_median_s,ratio,error,faster,p_value,few_samples,only_in\n";
  for (const auto& e : entries) {
    const auto& r = e.new_result ? *e.new_result : *e.old_result;
    out << csv_field(r.scenario) << ',' << r.procs << ',' << (r.crypto ? "on" : "off") << ','
        << csv_field(r.backend) << ',' << csv_field(r.cipher) << ',' << r.threads << ','
        << csv_field(r.policy) << ',' << csv_field(r.spawn) << ',' << csv_field(r.context) << ',';
    for (const auto* side : {&e.old_result, &e.new_result}) {
      if (*side)
        out << (*side)->samples_s.size() << ',' << general(median_of(**side)) << ',';
      else
        out << ",,";
    }
    if (e.change)
      out << general(e.change->speed.value) << ',' << general(e.change->speed.error) << ','
          << (e.change->speed.faster ? "true" : "false") << ',' << general(e.change->p_value) << ','
          << (e.change->few_samples ? "true" : "false") << ",\n";
    else
      out << ",,,,," << (e.old_result ? "old" : "new") << '\n';
  }
}

} // namespace

bool same_configuration(const fanout_result& a, const fanout_result& b) {
  return a.scenario == b.scenario && a.procs == b.procs && a.crypto == b.crypto
         && (!a.crypto
             || (a.backend == b.backend && a.cipher == b.cipher && a.context == b.context))
         && a.threads == b.threads && a.policy == b.policy && a.spawn == b.spawn
         && a.clock == b.clock;
}

std::vector<diff_entry> diff_reports(const report& old_report, const report& new_report) {
  std::vector<diff_entry> entries;
  std::vector<bool> taken(new_report.results.size(), false);
  for (const auto& o : old_report.results) {
    diff_entry e;
    e.old_result = o;
    for (std::size_t i = 0; i < new_report.results.size(); ++i)
      if (!taken[i] && same_configuration(o, new_report.results[i])) {
        taken[i] = true;
        e.new_result = new_report.results[i];
        e.change = compare_to(*e.new_result, o);
        break;
      }
    entries.push_back(std::move(e));
  }
  for (std::size_t i = 0; i < new_report.results.size(); ++i)
    if (!taken[i]) {
      diff_entry e;
      e.new_result = new_report.results[i];
      entries.push_back(std::move(e));
    }

  std::vector<fanout_result> shown;
  shown.reserve(entries.size());
  for (const auto& e : entries)
    shown.push_back(e.new_result ? *e.new_result : *e.old_result);
  auto labels = result_labels(shown);
  for (std::size_t i = 0; i < entries.size(); ++i)
    entries[i].label = labels[i];
  return entries;
}

void write_diff(const std::vector<diff_entry>& entries, std::ostream& out, output_format format) {
  switch (format) {
    case output_format::table:
      write_table(entries, out);
      return;
    case output_format::markdown:
      write_markdown(entries, out);
      return;
    case output_format::json:
      write_json(entries, out);
      return;
    case output_format::csv:
      write_csv(entries, out);
      return;
  }
}

} // namespace actorbench::bench
