#include "bench/json_common.hpp"
#include "bench/cipher_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "bench/comparison.hpp"
#include "bench/version.hpp"

namespace actorbench::bench {

namespace {

std::string fixed(double v, int decimals = 3) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

cipher_score score_of(const std::vector<double>& values, std::string units) {
  cipher_score s;
  s.count = values.size();
  s.score = summarize(values).mean;
  s.error = ci_half_width(values);
  s.units = std::move(units);
  return s;
}

bool same_but_size(const cipher_result& a, const cipher_result& b) {
  return a.backend == b.backend && a.cipher == b.cipher && a.context == b.context
         && a.threads == b.threads;
}

std::string pad_right(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

std::string pad_left(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

// One printed line of a JMH table, before widths are known.
struct table_row {
  std::string label;
  std::string mode;
  std::string count;
  std::string score;
  std::string error; // empty: no "±" (fewer than two iterations)
  std::string units;
};

table_row make_row(const cipher_result& r, const char* mode, const cipher_score& s) {
  return {cipher_label(r),
          mode,
          std::to_string(s.count),
          fixed(s.score),
          s.count >= 2 ? fixed(s.error) : std::string{},
          s.units};
}

// JMH's layout: the label left-aligned, everything else right-aligned.
void write_rows(const std::vector<table_row>& rows, std::ostream& out) {
  std::size_t label_w = std::string{"Benchmark"}.size(), score_w = 9, error_w = 7;
  for (const auto& r : rows) {
    label_w = std::max(label_w, r.label.size());
    score_w = std::max(score_w, r.score.size());
    error_w = std::max(error_w, r.error.size());
  }
  label_w += 2;
  out << pad_right("Benchmark", label_w) << pad_left("Mode", 5) << pad_left("Cnt", 5)
      << pad_left("Score", score_w + 1) << pad_left("Error", error_w + 3) << pad_left("Units", 8)
      << '\n';
  for (const auto& r : rows) {
    out << pad_right(r.label, label_w) << pad_left(r.mode, 5) << pad_left(r.count, 5)
        << pad_left(r.score, score_w + 1);
    if (r.error.empty())
      out << std::string(error_w + 3, ' ');
    else
      out << " \u00b1 " << pad_left(r.error, error_w);
    out << pad_left(r.units, 8) << '\n';
  }
}

nlohmann::json numbers(const std::vector<double>& values) {
  auto a = nlohmann::json::array();
  for (double v : values)
    a.push_back(json_number(v));
  return a;
}

nlohmann::json metric_json(const cipher_score& s, const std::vector<double>& raw) {
  return {{"score", json_number(s.score)},
          {"error", json_number(s.error)},
          {"confidence", {json_number(s.score - s.error), json_number(s.score + s.error)}},
          {"confidence_level", 0.999},
          {"units", s.units},
          {"count", s.count},
          {"raw", numbers(raw)}};
}

std::string p_text(double p) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.3g", p);
  return buf;
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos)
    return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"')
      q += '"';
    q += c;
  }
  return q + '"';
}

std::string preamble(const std::vector<cipher_result>& results) {
  const auto& f = results.front();
  return "# one decrypt per op; " + std::to_string(f.iterations) + " iterations of "
         + std::to_string(f.iteration_time.count()) + " ms after "
         + std::to_string(f.warmup_iterations) + " warm-up per case, interleaved; "
         + std::to_string(f.threads) + (f.threads == 1 ? " thread" : " threads");
}

std::string comparison_heading(const std::vector<cipher_result>& results, std::size_t reference) {
  return "relative to " + cipher_label(results[reference])
         + " (mean time per decrypt, at the same message size where measured;"
           " p: Mann-Whitney U)";
}

} // namespace

std::vector<double> ns_per_op(const cipher_result& r) {
  std::vector<double> v;
  for (double x : r.ops_per_us)
    v.push_back(x > 0 ? 1000.0 / x : std::numeric_limits<double>::infinity());
  return v;
}

std::vector<double> mb_per_s(const cipher_result& r) {
  std::vector<double> v;
  for (double x : r.ops_per_us)
    v.push_back(x * static_cast<double>(r.size));
  return v;
}

cipher_score throughput_score(const cipher_result& r) {
  return score_of(r.ops_per_us, "ops/us");
}

cipher_score average_time_score(const cipher_result& r) {
  return score_of(ns_per_op(r), "ns/op");
}

cipher_score bytes_score(const cipher_result& r) {
  return score_of(mb_per_s(r), "MB/s");
}

std::vector<cipher_comparison> compare_cipher_results(const std::vector<cipher_result>& results,
                                                      std::size_t reference) {
  std::vector<cipher_comparison> out;
  if (reference >= results.size())
    return out;
  const auto& ref = results[reference];
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (i == reference)
      continue;
    std::size_t against = reference;
    for (std::size_t j = 0; j < results.size(); ++j)
      if (same_but_size(results[j], ref) && results[j].size == results[i].size) {
        against = j;
        break;
      }
    if (against == i)
      continue;
    auto a = ns_per_op(results[i]);
    auto b = ns_per_op(results[against]);
    cipher_comparison c;
    c.index = i;
    c.reference = against;
    c.speed = compare(summarize(a), summarize(b));
    c.p_value = mann_whitney_u_p_value(a, b);
    c.few_samples = a.size() < min_samples_for_u_test || b.size() < min_samples_for_u_test;
    out.push_back(c);
  }
  return out;
}

std::string describe_comparison(const cipher_comparison& c,
                                const std::vector<cipher_result>& results) {
  auto s = cipher_label(results[c.index]) + ": " + to_string(c.speed) + " than "
           + cipher_label(results[c.reference]) + ", p = " + p_text(c.p_value);
  if (c.few_samples)
    s += " (fewer than " + std::to_string(min_samples_for_u_test) + " iterations: p is unreliable)";
  return s;
}

std::vector<std::string> cipher_warnings(const std::vector<cipher_result>& results) {
  std::vector<std::string> out;
  for (const auto& r : results) {
    if (r.failures == 0)
      continue;
    std::uint64_t ops = 0;
    for (auto n : r.ops)
      ops += n;
    auto w = cipher_label(r) + ": " + std::to_string(r.failures) + " failed decrypts in "
             + std::to_string(ops) + " measured; its scores are not trustworthy";
    if (!r.first_failure.empty())
      w += " (first: " + r.first_failure + ")";
    out.push_back(std::move(w));
  }
  return out;
}

void write_cipher_table(const std::vector<cipher_result>& results, std::size_t reference,
                        std::ostream& out) {
  if (results.empty())
    return;
  out << preamble(results) << "\n\n";
  std::vector<table_row> rows;
  for (const auto& r : results)
    rows.push_back(make_row(r, "thrpt", throughput_score(r)));
  for (const auto& r : results)
    rows.push_back(make_row(r, "avgt", average_time_score(r)));
  write_rows(rows, out);

  out << '\n';
  rows.clear();
  for (const auto& r : results)
    rows.push_back(make_row(r, "thrpt", bytes_score(r)));
  write_rows(rows, out);

  auto comparisons = compare_cipher_results(results, reference);
  if (!comparisons.empty()) {
    out << '\n' << comparison_heading(results, reference) << ":\n";
    for (const auto& c : comparisons)
      out << "  " << describe_comparison(c, results) << '\n';
  }
  auto warnings = cipher_warnings(results);
  if (!warnings.empty())
    out << '\n';
  for (const auto& w : warnings)
    out << "warning: " << w << '\n';
}

void write_cipher_json(const std::vector<cipher_result>& results, const machine_info& machine,
                       std::ostream& out, std::size_t reference) {
  auto comparisons = compare_cipher_results(results, reference);
  auto items = nlohmann::json::array();
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    nlohmann::json x = {
      {"benchmark", cipher_label(r)},
      {"params",
       {{"backend", r.backend},
        {"cipher", r.cipher},
        {"context", r.context},
        {"size", r.size},
        {"threads", r.threads},
        {"aead", r.aead}}},
      {"warmup_iterations", r.warmup_iterations},
      {"iterations", r.iterations},
      {"iteration_time_ms", r.iteration_time.count()},
      {"raw",
       {{"ops_per_us", numbers(r.ops_per_us)},
        {"ops", r.ops},
        {"elapsed_us", numbers(r.elapsed_us)}}},
      {"modes",
       {{"thrpt", metric_json(throughput_score(r), r.ops_per_us)},
        {"avgt", metric_json(average_time_score(r), ns_per_op(r))},
        {"bytes", metric_json(bytes_score(r), mb_per_s(r))}}},
      {"failures", r.failures},
      {"first_failure", r.first_failure},
    };
    for (const auto& c : comparisons)
      if (c.index == i)
        x["relative"] = {{"reference", c.reference},
                         {"reference_benchmark", cipher_label(results[c.reference])},
                         {"basis", "mean ns/op"},
                         {"ratio", json_number(c.speed.value)},
                         {"error", json_number(c.speed.error)},
                         {"faster", c.speed.faster},
                         {"p_value", json_number(c.p_value)},
                         {"p_unreliable", c.few_samples}};
    items.push_back(std::move(x));
  }
  nlohmann::json doc = {
    {"tool", {{"name", "actorbench"}, {"version", tool_version}, {"benchmark", "cipher"}}},
    {"machine", to_json(machine)},
    {"order", {{"interleaved", true}}},
    {"reference", reference},
    {"warnings", cipher_warnings(results)},
    {"results", std::move(items)}};
  out << doc.dump(2) << '\n';
}

void write_cipher_csv(const std::vector<cipher_result>& results, std::ostream& out) {
  out << "benchmark,backend,cipher,context,size,threads,mode,cnt,score,error,units,"
         "mb_per_s,mb_per_s_error,failures\n";
  for (const char* mode : {"thrpt", "avgt"})
    for (const auto& r : results) {
      bool thrpt = std::string{mode} == "thrpt";
      auto s = thrpt ? throughput_score(r) : average_time_score(r);
      auto b = bytes_score(r);
      out << csv_field(cipher_label(r)) << ',' << csv_field(r.backend) << ',' << csv_field(r.cipher)
          << ',' << csv_field(r.context) << ',' << r.size << ',' << r.threads << ',' << mode << ','
          << s.count << ',' << fixed(s.score, 6) << ',' << fixed(s.error, 6) << ',' << s.units
          << ',' << fixed(b.score, 6) << ',' << fixed(b.error, 6) << ',' << r.failures << '\n';
    }
}

void write_cipher_markdown(const std::vector<cipher_result>& results, std::size_t reference,
                           std::ostream& out) {
  if (results.empty())
    return;
  out << preamble(results).substr(2) << ".\n\n";
  out << "| Benchmark | Mode | Cnt | Score | Error | Units | MB/s |\n"
         "|---|---|---:|---:|---:|---|---:|\n";
  for (const char* mode : {"thrpt", "avgt"})
    for (const auto& r : results) {
      bool thrpt = std::string{mode} == "thrpt";
      auto s = thrpt ? throughput_score(r) : average_time_score(r);
      std::string mb;
      if (thrpt) {
        auto b = bytes_score(r);
        mb = fixed(b.score, 1) + (b.count >= 2 ? " \u00b1 " + fixed(b.error, 1) : "");
      }
      out << "| `" << cipher_label(r) << "` | " << mode << " | " << s.count << " | "
          << fixed(s.score) << " | " << (s.count >= 2 ? "\u00b1 " + fixed(s.error) : "") << " | "
          << s.units << " | " << mb << " |\n";
    }
  auto comparisons = compare_cipher_results(results, reference);
  if (!comparisons.empty()) {
    out << '\n' << comparison_heading(results, reference) << ":\n\n";
    for (const auto& c : comparisons)
      out << "- " << describe_comparison(c, results) << '\n';
  }
  auto warnings = cipher_warnings(results);
  if (!warnings.empty())
    out << '\n';
  for (const auto& w : warnings)
    out << "- **warning:** " << w << '\n';
}

void write_cipher_report(const std::vector<cipher_result>& results, std::size_t reference,
                         const machine_info& machine, output_format format, std::ostream& out) {
  switch (format) {
    case output_format::json:
      write_cipher_json(results, machine, out, reference);
      return;
    case output_format::csv:
      write_cipher_csv(results, out);
      return;
    case output_format::markdown:
      write_cipher_markdown(results, reference, out);
      return;
    case output_format::table:
      break;
  }
  write_cipher_table(results, reference, out);
}

} // namespace actorbench::bench
