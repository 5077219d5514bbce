// One row per measured run, every parameter a column, for spreadsheets and
// data frames: base units, full precision, n/a cells empty, RFC 4180 quoting.

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "bench/harness/statistics.hpp"
#include "output/csv_quoted.hpp"
#include "bench/output/results_writer.hpp"

namespace actorbench::bench {

namespace {

// The shortest text that reads back as the same double.
std::string shortest(double v) {
  if (!std::isfinite(v))
    return {};
  char buffer[32];
  for (int precision = 15; precision <= 17; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*g", precision, v);
    if (std::strtod(buffer, nullptr) == v)
      break;
  }
  return buffer;
}

std::string cell_of(const param_value& v) {
  if (const double* d = std::get_if<double>(&v))
    return shortest(*d);
  return to_text(v);
}

template <class T>
std::string optional_cell(const std::optional<T>& v) {
  return v ? std::to_string(*v) : std::string{};
}

class csv_results_writer : public results_writer {
 public:
  void write(const scenario_results& r, std::ostream& out) const override {
    // A merged report's rows name the file they came from.
    bool with_source = false;
    for (const auto& c : r.configurations)
      with_source = with_source || !c.source.empty();
    write_row(header(r.scenario, with_source), out);
    for (const auto& c : r.configurations)
      for (const auto& run : c.runs)
        write_row(row(r.scenario, c, run, with_source), out);
  }

 private:
  static void write_row(const std::vector<std::string>& cells, std::ostream& out) {
    for (std::size_t i = 0; i < cells.size(); ++i)
      out << (i ? "," : "") << csv_quoted(cells[i]);
    out << '\n';
  }

  static std::vector<std::string> header(const declaration& d, bool with_source) {
    std::vector<std::string> h{"scenario"};
    if (with_source)
      h.emplace_back("source");
    for (const auto& p : d.params)
      h.push_back(snake_case(p.name));
    for (const char* name : {"configuration", "run", "partial", "wall_s", "cpu_user_s",
                             "cpu_system_s", "start_rss_bytes", "peak_rss_bytes"})
      h.emplace_back(name);
    for (const auto& m : d.metrics)
      if (!m.per_event)
        h.push_back(m.name);
    for (const auto& m : d.metrics)
      if (m.per_event)
        for (const char* suffix : {"_p50", "_p99", "_max"})
          h.push_back(m.name + suffix);
    for (const auto& c : d.checks)
      h.push_back(c.name);
    return h;
  }

  static std::vector<std::string> row(const declaration& d, const configuration_result& c,
                                      const run_result& run, bool with_source) {
    std::vector<std::string> cells{d.name};
    if (with_source)
      cells.push_back(c.source);
    for (const auto& p : d.params) {
      auto i = c.config.values.find(p.name);
      cells.push_back(i == c.config.values.end() ? std::string{} : cell_of(i->second));
    }
    cells.insert(cells.end(),
                 {std::to_string(c.config.index), std::to_string(run.index),
                  run.record.partial ? "true" : "false", shortest(run.wall_s),
                  shortest(run.cpu.user_s), shortest(run.cpu.system_s),
                  optional_cell(run.start_rss_bytes), optional_cell(run.peak_rss_bytes)});
    metric_cells(d, run.record, cells);
    for (const auto& check : d.checks) {
      auto i = run.record.checks.find(check.name);
      cells.push_back(i == run.record.checks.end() ? std::string{} : std::to_string(i->second));
    }
    return cells;
  }

  static void metric_cells(const declaration& d, const run_record& record,
                           std::vector<std::string>& cells) {
    static const std::vector<double> none;
    auto values = [&](const metric_decl& m) -> const std::vector<double>& {
      auto i = record.samples.find(m.name);
      return i == record.samples.end() ? none : i->second;
    };
    for (const auto& m : d.metrics)
      if (!m.per_event)
        cells.push_back(values(m).empty() ? std::string{} : shortest(values(m).front()));
    for (const auto& m : d.metrics) {
      if (!m.per_event)
        continue;
      const auto& v = values(m);
      if (v.empty()) {
        cells.insert(cells.end(), 3, std::string{});
        continue;
      }
      cells.insert(cells.end(), {shortest(percentile(v, 50)), shortest(percentile(v, 99)),
                                 shortest(percentile(v, 100))});
    }
  }
};

} // namespace

std::unique_ptr<results_writer> make_csv_writer() {
  return std::make_unique<csv_results_writer>();
}

std::string csv_quoted(const std::string& cell) {
  if (cell.find_first_of(",\"\r\n") == std::string::npos)
    return cell;
  std::string out = "\"";
  for (char c : cell)
    out += c == '"' ? std::string{"\"\""} : std::string{c};
  return out + "\"";
}

} // namespace actorbench::bench
