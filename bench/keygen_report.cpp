#include "bench/json_common.hpp"
#include "bench/keygen_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

#include "bench/output/text_table.hpp"
#include "bench/version.hpp"

namespace actorbench::bench {

namespace {

using clock = std::chrono::steady_clock;

constexpr double nan_value = std::numeric_limits<double>::quiet_NaN();

// Three decimals like the seed; below 0.1, three significant digits
// without an exponent (0.0000412), since X25519 keys take microseconds.
std::string seconds_text(double v) {
  int decimals = 3;
  if (v > 0 && v < 0.1)
    decimals = 2 - static_cast<int>(std::floor(std::log10(v)));
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", std::min(decimals, 12), v);
  return buf;
}

std::string percent_text(double fraction) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.2f%%", fraction * 100);
  return buf;
}

std::string size_label(const keygen_grid& g, std::size_t bits) {
  return crypto::has_key_size(g.algo) ? std::to_string(bits) + " bits"
                                      : std::string{crypto::to_string(g.algo)};
}

std::string grid_title(const keygen_grid& g) {
  std::string what = g.algo == crypto::key_algorithm::dh
                       ? "DH modulus (safe prime) generation"
                       : std::string{crypto::to_string(g.algo)} + " key generation";
  return what + " (" + g.backend + ")";
}

std::string cell_label(const crypto::keygen_request& r, std::size_t threads) {
  return crypto::describe(r) + " on " + std::to_string(threads)
         + (threads == 1 ? " thread" : " threads");
}

void merge_into(actors::keygen_sample& into, const actors::keygen_sample& s) {
  into.requested += s.requested;
  into.keys += s.keys;
  into.wall_s += s.wall_s;
  into.key_s.insert(into.key_s.end(), s.key_s.begin(), s.key_s.end());
  into.key_worker.insert(into.key_worker.end(), s.key_worker.begin(), s.key_worker.end());
  into.partial = into.partial || s.partial;
  into.validated += s.validated;
  into.validation_failures += s.validation_failures;
  if (into.first_validation_failure.empty())
    into.first_validation_failure = s.first_validation_failure;
}

// A value with '*' for a partial cell; "-" where nothing was measured.
std::string value_text(const actors::keygen_sample* s, bool thread_seconds, bool units) {
  if (s == nullptr || s->keys == 0)
    return s != nullptr && s->partial ? "-*" : "-";
  double v = thread_seconds ? s->thread_seconds_per_key() : s->wall_per_key();
  return seconds_text(v) + (units ? " s" : "") + (s->partial ? "*" : "");
}

std::string spread_text(double fraction, bool partial) {
  return std::isfinite(fraction) ? percent_text(fraction) + (partial ? "*" : "") : "-";
}

text_table wall_rows(const keygen_grid& g, bool units) {
  text_table rows;
  std::vector<std::string> header{"threads"};
  for (auto bits : g.sizes)
    header.push_back(size_label(g, bits));
  rows.push_back(std::move(header));
  for (std::size_t r = 0; r < g.threads.size(); ++r) {
    std::vector<std::string> row{std::to_string(g.threads[r])};
    for (std::size_t c = 0; c < g.sizes.size(); ++c)
      row.push_back(value_text(g.samples[r][c], false, units));
    rows.push_back(std::move(row));
  }
  return rows;
}

text_table thread_seconds_rows(const keygen_grid& g) {
  text_table rows;
  std::vector<std::string> header{"threads"};
  for (auto bits : g.sizes)
    header.push_back(size_label(g, bits));
  rows.push_back(std::move(header));
  for (std::size_t r = 0; r < g.threads.size(); ++r) {
    std::vector<std::string> row{std::to_string(g.threads[r])};
    for (std::size_t c = 0; c < g.sizes.size(); ++c)
      row.push_back(value_text(g.samples[r][c], true, false));
    rows.push_back(std::move(row));
  }
  std::vector<std::string> spread{"spread"}, range{"max/min - 1"};
  for (const auto& s : g.spread) {
    spread.push_back(spread_text(s.mean_deviation, s.partial));
    range.push_back(spread_text(s.max_over_min, s.partial));
  }
  rows.push_back(std::move(spread));
  rows.push_back(std::move(range));
  return rows;
}

std::vector<std::string> partial_notes(const std::vector<keygen_cell>& cells) {
  std::vector<std::string> out;
  for (const auto& c : cells)
    if (c.sample.partial)
      out.push_back(cell_label(c.request, c.sample.threads) + ": " + std::to_string(c.sample.keys)
                    + " of " + std::to_string(c.sample.requested) + " keys within the time limit");
  return out;
}

std::vector<std::string> validation_warnings(const std::vector<keygen_cell>& cells) {
  std::vector<std::string> out;
  for (const auto& c : cells)
    if (c.sample.validation_failures > 0)
      out.push_back(cell_label(c.request, c.sample.threads) + ": "
                    + std::to_string(c.sample.validation_failures) + " of "
                    + std::to_string(c.sample.validated) + " checked keys failed validation"
                    + (c.sample.first_validation_failure.empty()
                         ? std::string{}
                         : " (first: " + c.sample.first_validation_failure + ")"));
  return out;
}

constexpr const char* spread_note =
  "spread: mean |x - mean| / mean of thread-seconds per key over the thread counts (seed 002's"
  " figure); max/min - 1: the largest over the smallest";

} // namespace

keygen_spread compute_spread(const std::vector<double>& values, bool partial) {
  keygen_spread s;
  s.count = values.size();
  s.partial = partial;
  if (values.size() < 2)
    return s;
  double sum = 0;
  for (double v : values)
    sum += v;
  double mean = sum / static_cast<double>(values.size());
  double deviation = 0;
  for (double v : values)
    deviation += std::fabs(v - mean);
  deviation /= static_cast<double>(values.size());
  auto [lo, hi] = std::minmax_element(values.begin(), values.end());
  s.mean_deviation = mean > 0 ? deviation / mean : nan_value;
  s.max_over_min = *lo > 0 ? *hi / *lo - 1 : nan_value;
  return s;
}

std::vector<keygen_grid> make_keygen_grids(const std::vector<keygen_cell>& cells) {
  std::vector<keygen_grid> grids;
  for (const auto& c : cells) {
    auto it = std::find_if(grids.begin(), grids.end(), [&c](const keygen_grid& g) {
      return g.algo == c.request.algo && g.backend == c.request.backend;
    });
    if (it == grids.end()) {
      grids.emplace_back();
      grids.back().algo = c.request.algo;
      grids.back().backend = c.request.backend;
      it = std::prev(grids.end());
    }
    std::size_t bits = crypto::has_key_size(c.request.algo) ? c.request.bits : 0;
    if (std::find(it->sizes.begin(), it->sizes.end(), bits) == it->sizes.end())
      it->sizes.push_back(bits);
    if (std::find(it->threads.begin(), it->threads.end(), c.sample.threads) == it->threads.end())
      it->threads.push_back(c.sample.threads);
  }
  for (auto& g : grids) {
    std::sort(g.sizes.begin(), g.sizes.end());
    std::sort(g.threads.begin(), g.threads.end());
    g.samples.assign(g.threads.size(),
                     std::vector<const actors::keygen_sample*>(g.sizes.size(), nullptr));
    // Owned merged samples, by position, for cells measured more than once.
    std::map<std::pair<std::size_t, std::size_t>, actors::keygen_sample*> owned;
    for (const auto& c : cells) {
      if (c.request.algo != g.algo || c.request.backend != g.backend)
        continue;
      std::size_t bits = crypto::has_key_size(c.request.algo) ? c.request.bits : 0;
      auto r = static_cast<std::size_t>(
        std::find(g.threads.begin(), g.threads.end(), c.sample.threads) - g.threads.begin());
      auto col =
        static_cast<std::size_t>(std::find(g.sizes.begin(), g.sizes.end(), bits) - g.sizes.begin());
      auto& slot = g.samples[r][col];
      if (slot == nullptr) {
        slot = &c.sample;
        continue;
      }
      auto& merged = owned[{r, col}];
      if (merged == nullptr) {
        g.merged.push_back(std::make_unique<actors::keygen_sample>(*slot));
        merged = g.merged.back().get();
        slot = merged;
      }
      merge_into(*merged, c.sample);
    }
    for (std::size_t col = 0; col < g.sizes.size(); ++col) {
      std::vector<double> values;
      bool partial = false;
      for (std::size_t r = 0; r < g.threads.size(); ++r) {
        const auto* s = g.samples[r][col];
        if (s == nullptr || s->keys == 0)
          continue;
        values.push_back(s->thread_seconds_per_key());
        partial = partial || s->partial;
      }
      g.spread.push_back(compute_spread(values, partial));
    }
  }
  return grids;
}

double estimate_seconds(double seconds_per_key, std::size_t keys, std::size_t threads,
                        std::size_t cores) {
  if (threads == 0 || keys == 0)
    return 0;
  cores = std::max<std::size_t>(cores, 1);
  double rounds = std::ceil(static_cast<double>(keys) / static_cast<double>(threads));
  double slowdown = std::max(1.0, static_cast<double>(threads) / static_cast<double>(cores));
  return seconds_per_key * rounds * slowdown;
}

double scale_seconds_per_key(crypto::key_algorithm algo, std::size_t from_bits, double seconds,
                             std::size_t to_bits) {
  if (algo != crypto::key_algorithm::rsa && algo != crypto::key_algorithm::dh)
    return seconds;
  if (from_bits == 0 || to_bits == 0)
    return seconds;
  constexpr double exponent = 3.5;
  return seconds
         * std::pow(static_cast<double>(to_bits) / static_cast<double>(from_bits), exponent);
}

result<double> calibrate_seconds_per_key(const crypto::keygen_request& request,
                                         std::chrono::milliseconds budget, std::size_t max_bits) {
  auto probe = request;
  bool scaled = crypto::has_key_size(request.algo) && request.algo != crypto::key_algorithm::ec
                && request.bits > max_bits;
  if (scaled)
    probe.bits = max_bits;
  auto gen = crypto::make_key_generator(probe);
  if (!gen)
    return gen.err().code == crypto::errc::backend_failure ? runtime_failure(gen.err().detail)
                                                           : bad_input(gen.err().detail);
  std::size_t n = 0;
  auto start = clock::now();
  auto deadline = start + budget;
  do {
    auto key = (*gen)->generate();
    if (!key)
      return runtime_failure(key.err().detail);
    ++n;
  } while (clock::now() < deadline);
  double per_key =
    std::chrono::duration<double>(clock::now() - start).count() / static_cast<double>(n);
  return scaled ? scale_seconds_per_key(request.algo, probe.bits, per_key, request.bits) : per_key;
}

void write_keygen_table(const std::vector<keygen_cell>& cells, std::ostream& out) {
  auto grids = make_keygen_grids(cells);
  bool first = true;
  for (const auto& g : grids) {
    if (!first)
      out << '\n';
    first = false;
    out << grid_title(g) << ", wall seconds per key:\n";
    write_aligned(wall_rows(g, true), out);
    out << '\n' << grid_title(g) << ", thread-seconds per key (wall x threads / keys):\n";
    write_aligned(thread_seconds_rows(g), out);
  }
  if (grids.empty())
    return;
  out << '\n' << spread_note << '\n';
  for (const auto& n : partial_notes(cells))
    out << "* partial: " << n << '\n';
  for (const auto& w : validation_warnings(cells))
    out << "warning: " << w << '\n';
}

void write_keygen_json(const std::vector<keygen_cell>& cells, const machine_info& machine,
                       std::ostream& out) {
  auto items = nlohmann::json::array();
  for (const auto& c : cells) {
    const auto& s = c.sample;
    items.push_back({
      {"benchmark", crypto::describe(c.request)},
      {"params",
       {{"algorithm", std::string{crypto::to_string(c.request.algo)}},
        {"bits",
         crypto::has_key_size(c.request.algo) ? nlohmann::json(c.request.bits) : nlohmann::json()},
        {"backend", c.request.backend},
        {"threads", s.threads},
        {"keys", s.requested}}},
      {"keys", s.keys},
      {"partial", s.partial},
      {"wall_s", json_number(s.wall_s)},
      {"wall_s_per_key", json_number(s.wall_per_key())},
      {"thread_s_per_key", json_number(s.thread_seconds_per_key())},
      {"raw", {{"key_s", s.key_s}, {"key_worker", s.key_worker}}},
      {"validated", s.validated},
      {"validation_failures", s.validation_failures},
      {"first_validation_failure", s.first_validation_failure},
    });
  }
  auto tables = nlohmann::json::array();
  for (const auto& g : make_keygen_grids(cells)) {
    auto spread = nlohmann::json::array();
    for (std::size_t col = 0; col < g.sizes.size(); ++col)
      spread.push_back(
        {{"bits", crypto::has_key_size(g.algo) ? nlohmann::json(g.sizes[col]) : nlohmann::json()},
         {"spread", json_number(g.spread[col].mean_deviation)},
         {"max_over_min", json_number(g.spread[col].max_over_min)},
         {"thread_counts", g.spread[col].count},
         {"partial", g.spread[col].partial}});
    tables.push_back({{"algorithm", std::string{crypto::to_string(g.algo)}},
                      {"backend", g.backend},
                      {"threads", g.threads},
                      {"spread", std::move(spread)}});
  }
  nlohmann::json doc = {
    {"tool", {{"name", "actorbench"}, {"version", tool_version}, {"benchmark", "keygen"}}},
    {"machine", to_json(machine)},
    {"definitions",
     {{"wall_s_per_key", "wall_s / keys"},
      {"thread_s_per_key", "wall_s * threads / keys"},
      {"spread", "mean |x - mean| / mean of thread_s_per_key over thread counts (seed 002)"},
      {"max_over_min", "max / min - 1 of thread_s_per_key over thread counts"}}},
    {"warnings", validation_warnings(cells)},
    {"results", std::move(items)},
    {"tables", std::move(tables)}};
  out << doc.dump(2) << '\n';
}

void write_keygen_csv(const std::vector<keygen_cell>& cells, std::ostream& out) {
  out << "algorithm,bits,backend,threads,requested,keys,partial,wall_s,wall_s_per_key,"
         "thread_s_per_key,validated,validation_failures\n";
  for (const auto& c : cells) {
    const auto& s = c.sample;
    out << crypto::to_string(c.request.algo) << ','
        << (crypto::has_key_size(c.request.algo) ? std::to_string(c.request.bits) : "") << ','
        << c.request.backend << ',' << s.threads << ',' << s.requested << ',' << s.keys << ','
        << (s.partial ? "true" : "false") << ',' << fixed(s.wall_s, 6) << ','
        << fixed(s.wall_per_key(), 6) << ',' << fixed(s.thread_seconds_per_key(), 6) << ','
        << s.validated << ',' << s.validation_failures << '\n';
  }
}

void write_keygen_markdown(const std::vector<keygen_cell>& cells, std::ostream& out) {
  auto grids = make_keygen_grids(cells);
  bool first = true;
  for (const auto& g : grids) {
    if (!first)
      out << '\n';
    first = false;
    out << "**" << grid_title(g) << "**, wall seconds per key:\n\n";
    write_markdown_table(wall_rows(g, true), out);
    out << "\nThread-seconds per key (wall × threads / keys):\n\n";
    write_markdown_table(thread_seconds_rows(g), out);
  }
  if (grids.empty())
    return;
  out << "\n- " << spread_note << '\n';
  for (const auto& n : partial_notes(cells))
    out << "- \\* partial: " << n << '\n';
  for (const auto& w : validation_warnings(cells))
    out << "- **warning:** " << w << '\n';
}

void write_keygen_report(const std::vector<keygen_cell>& cells, const machine_info& machine,
                         output_format format, std::ostream& out) {
  switch (format) {
    case output_format::json:
      write_keygen_json(cells, machine, out);
      return;
    case output_format::csv:
      write_keygen_csv(cells, out);
      return;
    case output_format::markdown:
      write_keygen_markdown(cells, out);
      return;
    case output_format::table:
      break;
  }
  write_keygen_table(cells, out);
}

} // namespace actorbench::bench
