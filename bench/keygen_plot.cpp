#include "bench/keygen_plot.hpp"

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "bench/output/gnuplot.hpp"

namespace actorbench::bench {

namespace {

std::string grid_name(const keygen_grid& g) {
  return std::string{crypto::to_string(g.algo)} + " (" + g.backend + ")";
}

std::string size_label(const keygen_grid& g, std::size_t bits) {
  return crypto::has_key_size(g.algo) ? std::to_string(bits) + " bits"
                                      : std::string{crypto::to_string(g.algo)};
}

bool measured(const actors::keygen_sample* s) {
  return s != nullptr && s->keys > 0 && s->wall_s > 0;
}

bool has_keys(const keygen_grid& g) {
  for (const auto& row : g.samples)
    for (const auto* s : row)
      if (measured(s))
        return true;
  return false;
}

/// One line of a grid: a key size's measured rows.
struct column {
  std::string label;
  /// Thread-seconds per key and wall per key at the fewest threads measured.
  double base_thread_s = 0;
  double base_wall = 0;
  std::size_t base_threads = 1;
  std::string data;
};

/// Row `r` (1-based) of `rows`: the two panels of grid `g`, data blocks named
/// $g<r>_<column>.
std::string grid_script(const keygen_grid& g, std::size_t r, bool several) {
  std::vector<column> columns;
  for (std::size_t c = 0; c < g.sizes.size(); ++c) {
    column col;
    bool partial = false;
    bool first = true;
    for (std::size_t row = 0; row < g.threads.size(); ++row) {
      const auto* s = g.samples[row][c];
      if (s != nullptr && s->partial)
        partial = true;
      if (!measured(s))
        continue;
      if (first) {
        col.base_thread_s = s->thread_seconds_per_key();
        col.base_wall = s->wall_per_key();
        col.base_threads = std::max<std::size_t>(g.threads[row], 1);
        first = false;
      }
      col.data += gnuplot_number(static_cast<double>(g.threads[row])) + ' '
                  + gnuplot_number(s->thread_seconds_per_key()) + ' '
                  + gnuplot_number(col.base_wall / s->wall_per_key()) + '\n';
    }
    if (first)
      continue;
    col.label = size_label(g, g.sizes[c]) + (partial ? " (partial)" : "");
    columns.push_back(std::move(col));
  }

  std::string s;
  std::string prefix = "$g" + std::to_string(r) + "_";
  for (std::size_t c = 0; c < columns.size(); ++c)
    s += prefix + std::to_string(c) + " << EOD\n" + columns[c].data + "EOD\n";

  std::size_t fewest = std::max<std::size_t>(g.threads.front(), 1);
  std::size_t most = std::max<std::size_t>(g.threads.back(), 1);
  std::string tics;
  for (auto t : g.threads)
    tics += (tics.empty() ? "" : ", ") + std::to_string(t);
  std::string t0 = std::to_string(fewest);
  std::string name = several ? grid_name(g) + ": " : std::string{};
  s += "set xtics (" + tics + ")\n"
       "set xlabel 'worker threads'\n"
       "set xrange [" + gnuplot_number(static_cast<double>(fewest) - 0.5) + ":"
       + gnuplot_number(static_cast<double>(most) + 0.5) + "]\n";

  // Thread-seconds per key: flat is linear scaling.
  s += "set title " + gnuplot_quote(name + "thread-seconds per key (dashed: flat, ideal)") + "\n"
       "set logscale y\n"
       "set yrange [*:*]\n"
       "set format y '%g'\n"
       "set ylabel 'thread-seconds per key (s)'\n"
       "set key outside right top vertical width -2\n";
  std::string p = "plot NaN with lines dt 2 lw 1.5 lc rgb '#606060' title "
                  + gnuplot_quote("ideal: flat from " + t0 + (t0 == "1" ? " thread" : " threads"));
  for (std::size_t c = 0; c < columns.size(); ++c)
    p += ", \\\n     " + gnuplot_number(columns[c].base_thread_s) + " with lines dt 2 lw 1 lc rgb '"
         + gnuplot_colour(c) + "' notitle, \\\n     " + prefix + std::to_string(c)
         + " using 1:2 with linespoints" + gnuplot_line_style(c) + " title "
         + gnuplot_quote(columns[c].label);
  s += p + "\n";

  // Speed-up: linear is ideal.
  s += "set title " + gnuplot_quote(name + "speed-up: wall per key at " + t0
                                    + (t0 == "1" ? " thread" : " threads") + " / wall per key")
       + "\n"
         "unset logscale y\n"
         "set yrange [0:*]\n"
         "set ylabel 'speed-up (×)'\n"
         "set key outside right top vertical width -2\n";
  p = "plot x / " + t0 + ".0 with lines dt 2 lw 1.5 lc rgb '#606060' title 'ideal (linear)'";
  for (std::size_t c = 0; c < columns.size(); ++c)
    p += ", \\\n     " + prefix + std::to_string(c) + " using 1:3 with linespoints"
         + gnuplot_line_style(c) + " title " + gnuplot_quote(columns[c].label);
  s += p + "\n";
  return s;
}

} // namespace

result<bool> write_keygen_plot(const std::vector<keygen_cell>& cells, const std::string& path,
                               const std::string& gnuplot) {
  auto format = plot_format(path);
  if (!format)
    return format.err();
  auto all = make_keygen_grids(cells);
  std::vector<const keygen_grid*> grids;
  for (const auto& g : all)
    if (has_keys(g))
      grids.push_back(&g);
  if (grids.empty())
    return bad_input("nothing to plot: no keygen cell generated a key");

  std::string names;
  for (const auto* g : grids)
    names += (names.empty() ? "" : ", ") + grid_name(*g);
  int rows = static_cast<int>(grids.size());
  std::string s = gnuplot_preamble(*format, 1280, 60 + 500 * rows);
  s += "set multiplot layout " + std::to_string(rows) + ",2 title "
       + gnuplot_quote("actorbench keygen: " + names) + " font ',15'\n";
  for (std::size_t r = 0; r < grids.size(); ++r)
    s += grid_script(*grids[r], r + 1, grids.size() > 1);
  s += "unset multiplot\n";
  return render_plot(s, path, gnuplot);
}

} // namespace actorbench::bench
