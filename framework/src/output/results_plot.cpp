#include "output/results_plot.hpp"

#include "bench/output/gnuplot_run.hpp"
#include "output/plot_data.hpp"
#include "output/plot_script.hpp"

namespace actorbench::bench {

result<std::string> generic_plot_script(const scenario_results& r, image_format format) {
  auto data = plot_data_of(r);
  if (!data)
    return data.err();
  return plot_script(*data, format);
}

result<std::string> results_plot_script(const scenario_results& r, image_format format,
                                        const view* plot_view) {
  if (plot_view != nullptr)
    if (auto own = plot_view->plot_script(r)) {
      if (own->find("set terminal") != std::string::npos)
        return *own;
      return gnuplot_preamble(format, 1100, 620) + *own;
    }
  return generic_plot_script(r, format);
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
