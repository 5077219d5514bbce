#include "bench/scenarios/keygen/key_table.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include "bench/harness/run_values.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

namespace {

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();

std::string word_or_empty(const configuration& c, const char* name) {
  return c.applies(name) ? c.word(name) : std::string{};
}

std::int64_t integer_or_zero(const configuration& c, const char* name) {
  return c.applies(name) ? c.integer(name) : 0;
}

double median_of(const scenario_results& r, const configuration_result& c, const char* metric) {
  const auto* m = r.scenario.find_metric(metric);
  auto values = m == nullptr ? std::vector<double>{} : per_run_values(c, *m);
  return values.empty() ? nan_value : median(values);
}

void add_facts(key_cell& cell, const run_record& rec) {
  auto v = rec.facts.find("validated");
  if (v != rec.facts.end() && std::holds_alternative<double>(v->second))
    cell.validated += static_cast<std::size_t>(std::get<double>(v->second));
  auto f = rec.facts.find("first_validation_failure");
  if (cell.first_validation_failure.empty() && f != rec.facts.end()
      && std::holds_alternative<std::string>(f->second))
    cell.first_validation_failure = std::get<std::string>(f->second);
}

key_cell cell_of(const scenario_results& r, const configuration_result& c) {
  key_cell cell;
  cell.wall_s_per_key = median_of(r, c, "wall_s_per_key");
  cell.thread_s_per_key = median_of(r, c, "thread_s_per_key");
  cell.partial = c.partial;
  auto keys = static_cast<std::size_t>(integer_or_zero(c.config, "keys"));
  for (const auto& run : c.runs) {
    auto k = run.record.samples.find("key_s");
    cell.generated += k == run.record.samples.end() ? 0 : k->second.size();
    cell.requested += keys;
    cell.partial = cell.partial || run.record.partial;
    add_facts(cell, run.record);
  }
  cell.validation_failures = check_total(c, "validation_failures");
  return cell;
}

template <class T>
std::size_t position(std::vector<T>& values, const T& v) {
  auto it = std::find(values.begin(), values.end(), v);
  if (it != values.end())
    return static_cast<std::size_t>(it - values.begin());
  values.push_back(v);
  return values.size() - 1;
}

key_table& table_for(std::vector<key_table>& tables, const configuration_result& c) {
  auto algo = word_or_empty(c.config, "algo");
  auto backend = word_or_empty(c.config, "backend");
  for (auto& t : tables)
    if (t.source == c.source && t.algo == algo && t.backend == backend)
      return t;
  tables.push_back({c.source, algo, backend, {}, {}, {}, {}});
  return tables.back();
}

void fill_spread(key_table& t) {
  for (std::size_t col = 0; col < t.sizes.size(); ++col) {
    std::vector<double> values;
    bool partial = false;
    for (const auto& row : t.cells)
      if (row[col].measured() && std::isfinite(row[col].thread_s_per_key)) {
        values.push_back(row[col].thread_s_per_key);
        partial = partial || row[col].partial;
      }
    t.spread.push_back(spread_of(values, partial));
  }
}

} // namespace

std::string key_table::title() const {
  auto what =
    algo == "dh" ? std::string{"DH modulus (safe prime) generation"} : algo + " key generation";
  return (source.empty() ? "" : source + ": ") + what + " (" + backend + ")";
}

std::string key_table::size_label(std::size_t column) const {
  return sizes[column] == 0 ? algo : std::to_string(sizes[column]) + " bits";
}

std::string key_table::cell_name(std::size_t row, std::size_t column) const {
  auto name = algo + (sizes[column] == 0 ? "" : "-" + std::to_string(sizes[column])) + " ("
              + backend + ") on " + std::to_string(threads[row]);
  return name + (threads[row] == 1 ? " thread" : " threads");
}

thread_spread spread_of(const std::vector<double>& values, bool partial) {
  thread_spread s;
  s.partial = partial;
  if (values.size() < 2)
    return s;
  double mean = 0;
  for (double v : values)
    mean += v / static_cast<double>(values.size());
  double deviation = 0;
  for (double v : values)
    deviation += std::fabs(v - mean) / static_cast<double>(values.size());
  auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  s.mean_deviation = mean > 0 ? deviation / mean : nan_value;
  s.max_over_min = *lo > 0 ? *hi / *lo - 1 : nan_value;
  return s;
}

std::vector<key_table> make_key_tables(const scenario_results& r) {
  std::vector<key_table> tables;
  for (const auto& c : r.configurations) {
    auto& t = table_for(tables, c);
    position(t.sizes, integer_or_zero(c.config, "bits"));
    position(t.threads, integer_or_zero(c.config, "threads"));
  }
  for (auto& t : tables) {
    std::sort(t.sizes.begin(), t.sizes.end());
    std::sort(t.threads.begin(), t.threads.end());
    t.cells.assign(t.threads.size(), std::vector<key_cell>(t.sizes.size()));
  }
  for (const auto& c : r.configurations) {
    auto& t = table_for(tables, c);
    auto row = position(t.threads, integer_or_zero(c.config, "threads"));
    auto col = position(t.sizes, integer_or_zero(c.config, "bits"));
    t.cells[row][col] = cell_of(r, c);
  }
  for (auto& t : tables)
    fill_spread(t);
  return tables;
}

} // namespace actorbench::bench
