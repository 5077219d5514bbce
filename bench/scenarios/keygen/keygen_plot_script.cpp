#include "bench/scenarios/keygen/keygen_plot_script.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "bench/scenarios/keygen/key_table.hpp"

namespace actorbench::bench {

namespace {

bool has_keys(const key_table& t) {
  for (const auto& row : t.cells)
    for (const auto& c : row)
      if (c.measured())
        return true;
  return false;
}

// One line of a table's panels: a key size's measured rows.
struct plot_line {
  std::string label;
  double base_thread_s = 0;
  std::string data;
};

std::vector<plot_line> lines_of(const key_table& t) {
  std::vector<plot_line> out;
  for (std::size_t col = 0; col < t.sizes.size(); ++col) {
    plot_line line;
    bool partial = false;
    double base_wall = 0;
    for (std::size_t row = 0; row < t.threads.size(); ++row) {
      const auto& c = t.cells[row][col];
      partial = partial || c.partial;
      if (!c.measured() || !(c.wall_s_per_key > 0))
        continue;
      if (base_wall == 0) {
        base_wall = c.wall_s_per_key;
        line.base_thread_s = c.thread_s_per_key;
      }
      line.data += gnuplot_number(static_cast<double>(t.threads[row])) + ' '
                   + gnuplot_number(c.thread_s_per_key) + ' '
                   + gnuplot_number(base_wall / c.wall_s_per_key) + '\n';
    }
    if (base_wall == 0)
      continue;
    line.label = t.size_label(col) + (partial ? " (partial)" : "");
    out.push_back(std::move(line));
  }
  return out;
}

std::string threads_word(const std::string& n) {
  return n + (n == "1" ? " thread" : " threads");
}

std::string axes(const key_table& t) {
  auto fewest = std::max<std::int64_t>(t.threads.front(), 1);
  auto most = std::max<std::int64_t>(t.threads.back(), 1);
  std::string tics;
  for (auto n : t.threads)
    tics += (tics.empty() ? "" : ", ") + std::to_string(n);
  return "set xtics (" + tics + ")\nset xlabel 'worker threads'\nset xrange ["
         + gnuplot_number(static_cast<double>(fewest) - 0.5) + ":"
         + gnuplot_number(static_cast<double>(most) + 0.5) + "]\n";
}

// Thread-seconds per key: flat is linear scaling.
std::string cost_panel(const std::vector<plot_line>& lines, const std::string& prefix,
                       const std::string& name, const std::string& t0) {
  std::string s = "set title " + gnuplot_quote(name + "thread-seconds per key (dashed: flat, ideal)")
                  + "\nset logscale y\nset yrange [*:*]\nset format y '%g'\n"
                    "set ylabel 'thread-seconds per key (s)'\n"
                    "set key outside right top vertical width -2\n";
  s += "plot NaN with lines dt 2 lw 1.5 lc rgb '#606060' title "
       + gnuplot_quote("ideal: flat from " + threads_word(t0));
  for (std::size_t i = 0; i < lines.size(); ++i)
    s += ", \\\n     " + gnuplot_number(lines[i].base_thread_s) + " with lines dt 2 lw 1 lc rgb '"
         + gnuplot_colour(i) + "' notitle, \\\n     " + prefix + std::to_string(i)
         + " using 1:2 with linespoints" + gnuplot_line_style(i) + " title "
         + gnuplot_quote(lines[i].label);
  return s + "\n";
}

// Speed-up over the fewest threads: linear is ideal.
std::string speedup_panel(const std::vector<plot_line>& lines, const std::string& prefix,
                          const std::string& name, const std::string& t0) {
  std::string s = "set title "
                  + gnuplot_quote(name + "speed-up: wall per key at " + threads_word(t0)
                                  + " / wall per key")
                  + "\nunset logscale y\nset yrange [0:*]\nset ylabel 'speed-up (\u00d7)'\n"
                    "set key outside right top vertical width -2\n";
  s += "plot x / " + t0 + ".0 with lines dt 2 lw 1.5 lc rgb '#606060' title 'ideal (linear)'";
  for (std::size_t i = 0; i < lines.size(); ++i)
    s += ", \\\n     " + prefix + std::to_string(i) + " using 1:3 with linespoints"
         + gnuplot_line_style(i) + " title " + gnuplot_quote(lines[i].label);
  return s + "\n";
}

std::string table_script(const key_table& t, std::size_t number, bool several) {
  auto lines = lines_of(t);
  std::string prefix = "$g" + std::to_string(number) + "_";
  std::string s;
  for (std::size_t i = 0; i < lines.size(); ++i)
    s += prefix + std::to_string(i) + " << EOD\n" + lines[i].data + "EOD\n";
  auto t0 = std::to_string(std::max<std::int64_t>(t.threads.front(), 1));
  auto name = several ? t.title() + ": " : std::string{};
  return s + axes(t) + cost_panel(lines, prefix, name, t0) + speedup_panel(lines, prefix, name, t0);
}

} // namespace

std::optional<std::string> keygen_plot_script(const scenario_results& r, image_format format) {
  std::vector<key_table> tables;
  for (auto& t : make_key_tables(r))
    if (has_keys(t))
      tables.push_back(std::move(t));
  if (tables.empty())
    return {};
  std::string names;
  for (const auto& t : tables)
    names += (names.empty() ? "" : ", ") + t.algo + " (" + t.backend + ")";
  auto rows = static_cast<int>(tables.size());
  auto s = gnuplot_preamble(format, 1280, 60 + 500 * rows);
  s += "set multiplot layout " + std::to_string(rows) + ",2 title "
       + gnuplot_quote("actorbench keygen: " + names) + " font ',15'\n";
  for (std::size_t i = 0; i < tables.size(); ++i)
    s += table_script(tables[i], i + 1, tables.size() > 1);
  return s + "unset multiplot\n";
}

} // namespace actorbench::bench
