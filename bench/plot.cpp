#include "bench/plot.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "bench/comparison.hpp"
#include "bench/output/gnuplot.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

namespace {

// --- script text ----------------------------------------------------------

/// A gnuplot double-quoted string (\\ and \" escaped) with a line break after
/// each ", " when `split`: a tick label over several lines.
std::string tic_label(const std::string& text, bool split) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (split && c == ',' && i + 1 < text.size() && text[i + 1] == ' ') {
      out += "\\n";
      ++i;
    } else if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// --- what varies ------------------------------------------------------------

template <class F>
bool varies(const std::vector<const fanout_result*>& rs, F field) {
  for (const auto* r : rs)
    if (field(*r) != field(*rs.front()))
      return true;
  return false;
}

/// Results sharing everything but the scanned field, in order of appearance.
struct group {
  std::vector<const fanout_result*> members;
  std::string label;
};

/// Groups `rs` by everything but the field `erase` clears. Results whose
/// result_labels() agree once that field is cleared form a group, named by that
/// label; a lone group is named by `single` instead.
std::vector<group> group_by_rest(const std::vector<const fanout_result*>& rs,
                                 const std::function<void(fanout_result&)>& erase,
                                 const std::function<std::string(const fanout_result&)>& single) {
  std::vector<fanout_result> copies;
  for (const auto* r : rs) {
    copies.push_back(*r);
    erase(copies.back());
  }
  auto labels = result_labels(copies);
  std::vector<group> groups;
  for (std::size_t i = 0; i < rs.size(); ++i) {
    auto at = std::find_if(groups.begin(), groups.end(),
                           [&](const group& g) { return g.label == labels[i]; });
    if (at == groups.end())
      groups.push_back(group{{rs[i]}, labels[i]});
    else
      at->members.push_back(rs[i]);
  }
  if (groups.size() == 1)
    groups.front().label = single(*rs.front());
  return groups;
}

std::string crypto_text(const fanout_result& r) {
  return r.crypto ? "crypto on, " + r.backend + "/" + r.cipher : std::string{"crypto off"};
}

// --- the three plots ----------------------------------------------------------

std::string procs_scan_script(const std::vector<const fanout_result*>& rs, image_format format) {
  auto groups = group_by_rest(
    rs, [](fanout_result& r) { r.procs = 0; },
    [](const fanout_result& r) {
      return crypto_text(r) + ", " + std::to_string(r.threads) + " threads";
    });
  std::string s = gnuplot_preamble(format, 1280, 560);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    auto members = groups[g].members;
    std::stable_sort(members.begin(), members.end(),
                     [](const auto* a, const auto* b) { return a->procs < b->procs; });
    s += "$g" + std::to_string(g) + " << EOD\n";
    for (const auto* r : members) {
      auto sum = summarize(r->samples_s);
      double per = r->procs > 0 ? 1e6 / static_cast<double>(r->procs) : 0;
      s += gnuplot_number(static_cast<double>(r->procs)) + ' ' + gnuplot_number(sum.median) + ' '
           + gnuplot_number(sum.min) + ' ' + gnuplot_number(sum.max) + ' '
           + gnuplot_number(sum.median * per) + ' ' + gnuplot_number(sum.min * per) + ' '
           + gnuplot_number(sum.max * per) + '\n';
    }
    s += "EOD\n";
  }
  s +=
    "set multiplot layout 1,2 title 'actorbench fan-out: time vs actors' font ',15'\n"
    "set title 'median of the runs (bars: fastest to slowest run)'\n"
    "set logscale xy\n"
    "set offsets graph 0.04, graph 0.04, 0, 0\n"
    "set format x '%.0s%c'\n"
    "set xlabel 'sender actors (log scale)'\n"
    "set ylabel 'seconds from first spawn to last reply'\n"
    "set key top left\n";
  auto plot = [&](const char* columns) {
    std::string p = "plot ";
    for (std::size_t g = 0; g < groups.size(); ++g)
      p += std::string(g ? ", \\\n     " : "") + "$g" + std::to_string(g) + " using " + columns
           + " with yerrorlines" + gnuplot_line_style(g) + " title "
           + gnuplot_quote(groups[g].label);
    return p + "\n";
  };
  s += plot("1:2:3:4");
  s +=
    "set title 'median time per sender actor (bars: fastest to slowest run)'\n"
    "unset logscale y\n"
    "set yrange [0:*]\n"
    "set ylabel 'µs per sender actor'\n"
    "set key top right\n";
  s += plot("1:5:6:7");
  s += "unset multiplot\n";
  return s;
}

std::string threads_scan_script(const std::vector<const fanout_result*>& rs, image_format format) {
  auto groups = group_by_rest(
    rs, [](fanout_result& r) { r.threads = 0; },
    [](const fanout_result& r) { return std::to_string(r.procs) + " actors, " + crypto_text(r); });
  std::size_t fewest = rs.front()->threads, most = rs.front()->threads;
  std::vector<std::size_t> counts;
  for (const auto* r : rs) {
    fewest = std::min(fewest, r->threads);
    most = std::max(most, r->threads);
    if (std::find(counts.begin(), counts.end(), r->threads) == counts.end())
      counts.push_back(r->threads);
  }
  std::sort(counts.begin(), counts.end());
  std::string s = gnuplot_preamble(format, 1280, 560);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    auto members = groups[g].members;
    std::stable_sort(members.begin(), members.end(),
                     [](const auto* a, const auto* b) { return a->threads < b->threads; });
    // Each group against its own fewest threads; efficiency relative to the
    // growth in threads, so 1 is linear scaling (speed-up / threads when the
    // fewest is 1).
    double base = summarize(members.front()->samples_s).median;
    double base_threads = static_cast<double>(std::max<std::size_t>(members.front()->threads, 1));
    s += "$g" + std::to_string(g) + " << EOD\n";
    for (const auto* r : members) {
      auto sum = summarize(r->samples_s);
      if (sum.median <= 0 || sum.min <= 0 || sum.max <= 0)
        continue;
      double speedup = base / sum.median, lo = base / sum.max, hi = base / sum.min;
      double growth = static_cast<double>(std::max<std::size_t>(r->threads, 1)) / base_threads;
      s += gnuplot_number(static_cast<double>(r->threads)) + ' ' + gnuplot_number(speedup) + ' '
           + gnuplot_number(lo) + ' ' + gnuplot_number(hi) + ' ' + gnuplot_number(speedup / growth)
           + ' ' + gnuplot_number(lo / growth) + ' ' + gnuplot_number(hi / growth) + '\n';
    }
    s += "EOD\n";
  }
  std::string tics;
  for (auto c : counts)
    tics += (tics.empty() ? "" : ", ") + std::to_string(c);
  std::string t0 = std::to_string(std::max<std::size_t>(fewest, 1));
  s += "set multiplot layout 1,2 title 'actorbench fan-out: speed-up vs threads' font ',15'\n"
       "set xtics (" + tics + ")\n"
       "set xrange [" + gnuplot_number(static_cast<double>(fewest) - 0.5) + ":"
       + gnuplot_number(static_cast<double>(most) + 0.5) + "]\n"
       "set xlabel 'scheduler worker threads'\n"
       "set key top left\n";
  auto plot = [&](const char* columns, const std::string& ideal) {
    std::string p = "plot " + ideal + " with lines dt 2 lw 1.5 lc rgb '#606060' title "
                    + gnuplot_quote("ideal (linear)");
    for (std::size_t g = 0; g < groups.size(); ++g)
      p += ", \\\n     $g" + std::to_string(g) + " using " + columns + " with yerrorlines"
           + gnuplot_line_style(g) + " title " + gnuplot_quote(groups[g].label);
    return p + "\n";
  };
  s += "set title 'median at " + t0 + " thread" + (t0 == "1" ? "" : "s")
       + " / median (bars: slowest to fastest run)'\n"
         "set yrange [0:*]\n"
         "set ylabel 'speed-up (×)'\n";
  s += plot("1:2:3:4", "x / " + t0 + ".0");
  s += "set title 'parallel efficiency (1 = linear scaling)'\n"
       "set yrange [0:*]\n"
       "set ylabel "
       + gnuplot_quote(fewest <= 1 ? "efficiency (speed-up / threads)"
                           : "efficiency (speed-up / (threads / " + t0 + "))")
       + "\n"
         "set key bottom left\n";
  s += plot("1:5:6:7", "1");
  s += "unset multiplot\n";
  return s;
}

std::string comparison_script(const std::vector<const fanout_result*>& rs,
                              const fanout_result* reference, image_format format) {
  std::vector<fanout_result> copies;
  for (const auto* r : rs)
    copies.push_back(*r);
  auto labels = result_labels(copies);
  std::size_t n = rs.size();
  int width = static_cast<int>(std::clamp<std::size_t>(200 + 170 * n, 800, 1800));
  // Up to 8 bars each label gets its own lines; beyond, slanted single lines.
  bool split = n <= 8;
  std::string s = gnuplot_preamble(format, width, 600);
  double top = 0;
  std::string bars = "$bars << EOD\n", runs = "$runs << EOD\n", notes;
  for (std::size_t i = 0; i < n; ++i) {
    const auto& samples = rs[i]->samples_s;
    auto sum = summarize(samples);
    bars +=
      std::to_string(i) + ' ' + gnuplot_number(sum.mean) + ' ' + gnuplot_number(sum.stddev) + '\n';
    for (std::size_t k = 0; k < samples.size(); ++k) {
      double spread =
        samples.size() > 1
          ? 0.3 * (static_cast<double>(k) / static_cast<double>(samples.size() - 1) - 0.5)
          : 0;
      runs +=
        gnuplot_number(static_cast<double>(i) + spread) + ' ' + gnuplot_number(samples[k]) + '\n';
    }
    double above = std::max(sum.mean + sum.stddev, sum.max);
    top = std::max(top, above);
    if (reference != nullptr && n > 1) {
      auto text = rs[i] == reference ? std::string{"reference"}
                                     : to_string(compare_to(*rs[i], *reference).speed);
      notes += "set label " + gnuplot_quote(text) + " at " + std::to_string(i) + ", "
               + gnuplot_number(above) + " center offset 0,1 front\n";
    }
  }
  bars += "EOD\n";
  runs += "EOD\n";
  s += bars + runs + notes;
  std::string tics;
  std::size_t lines = 1;
  for (const auto& l : labels) {
    std::size_t parts = 1;
    for (std::size_t at = 0; split && (at = l.find(", ", at)) != std::string::npos; at += 2)
      ++parts;
    lines = std::max(lines, parts);
  }
  for (std::size_t i = 0; i < n; ++i)
    tics += (i ? ", " : "") + tic_label(labels[i], split) + " " + std::to_string(i);
  s += "set title " + gnuplot_quote("actorbench fan-out: " + std::to_string(rs.front()->procs) + " actors")
       + " font ',15'\n"
         "set xlabel 'configuration' offset 0," + std::to_string(-static_cast<int>(lines - 1)) + "\n"
         "set bmargin " + std::to_string(lines + (split ? 3 : 8)) + "\n"
         "set ylabel 'seconds (mean ± σ)'\n"
         "set xtics (" + tics + ")" + (split ? "" : " rotate by 30 right") + "\n"
         "set grid noxtics ytics\n"
         "set xrange [-0.6:" + gnuplot_number(static_cast<double>(n) - 0.4) + "]\n"
         "set yrange [0:" + gnuplot_number(top > 0 ? top * 1.15 : 1) + "]\n"
         "set boxwidth 0.6\n"
         "set style fill solid 0.55 border lc rgb '#303030'\n"
         "set key above\n"
         "plot $bars using 1:2 with boxes lc rgb '#4c72b0' title 'mean of the runs', \\\n"
         "     $bars using 1:2:3 with yerrorbars pt -1 lw 1.5 lc rgb '#000000' title '± 1 σ', \\\n"
         "     $runs using 1:2 with points pt 7 ps 0.5 lc rgb '#dd8452' title 'single runs'\n";
  return s;
}

} // namespace

result<bool> write_plot(const report& r, const std::string& path, const std::string& gnuplot) {
  auto format = plot_format(path);
  if (!format)
    return format.err();

  std::vector<const fanout_result*> measured;
  for (const auto& result : r.results)
    if (!result.samples_s.empty())
      measured.push_back(&result);
  if (measured.empty())
    return bad_input("nothing to plot: no configuration has a measured run");
  const fanout_result* reference =
    r.reference < r.results.size() && !r.results[r.reference].samples_s.empty()
      ? &r.results[r.reference]
      : nullptr;

  std::string script;
  if (varies(measured, [](const fanout_result& x) { return x.procs; }))
    script = procs_scan_script(measured, *format);
  else if (varies(measured, [](const fanout_result& x) { return x.threads; }))
    script = threads_scan_script(measured, *format);
  else
    script = comparison_script(measured, reference, *format);

  return render_plot(script, path, gnuplot);
}

} // namespace actorbench::bench
