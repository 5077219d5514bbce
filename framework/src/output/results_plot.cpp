#include "output/results_plot.hpp"

#include "bench/output/gnuplot_run.hpp"
#include "output/plot_data.hpp"
#include "output/plot_script.hpp"

namespace actorbench::bench {

namespace {

/// Whether a line of `script` sets the terminal. Only the writer's own code
/// starts a line: the strings it quotes from results hold no line break.
bool sets_terminal(const std::string& script) {
  for (std::size_t line = 0; line < script.size();) {
    auto text = script.find_first_not_of(" \t", line);
    if (text != std::string::npos && script.compare(text, 12, "set terminal") == 0)
      return true;
    auto end = script.find('\n', line);
    line = end == std::string::npos ? script.size() : end + 1;
  }
  return false;
}

} // namespace

result<std::string> generic_plot_script(const scenario_results& r, image_format format) {
  auto data = plot_data_of(r);
  if (!data)
    return data.err();
  return plot_script(*data, format);
}

result<std::string> results_plot_script(const scenario_results& r, image_format format,
                                        const view* plot_view) {
  if (plot_view != nullptr)
    if (auto own = plot_view->plot_script(r, format)) {
      if (sets_terminal(*own))
        return *own;
      return gnuplot_preamble(format, 1100, 620) + *own;
    }
  return generic_plot_script(r, format);
}

result<std::string> plot_image(const scenario_results& r, image_format format,
                               const view* plot_view, const std::string& gnuplot) {
  auto script = results_plot_script(r, format, plot_view);
  if (!script)
    return script.err();
  return run_plot(*script, gnuplot);
}

result<void> plot_results(const scenario_results& r, const std::string& path, const view* plot_view,
                          const std::string& gnuplot) {
  auto format = plot_format(path);
  if (!format)
    return format.err();
  auto script = results_plot_script(r, *format, plot_view);
  if (!script)
    return script.err();
  return render_plot(*script, path, gnuplot);
}

} // namespace actorbench::bench
