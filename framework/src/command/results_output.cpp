#include "command/results_output.hpp"

#include "output/results_plot.hpp"
#include "bench/output/results_writer.hpp"

namespace actorbench::bench {

std::vector<std::string> view_names(const std::vector<const view*>& views) {
  std::vector<std::string> out;
  for (const auto* v : views)
    out.emplace_back(v->name());
  return out;
}

result<const view*> choose_view(const std::vector<const view*>& views, const std::string& name,
                                measure_mode measured) {
  if (name == "generic" || (name.empty() && measured == measure_mode::instructions))
    return static_cast<const view*>(nullptr);
  if (name.empty())
    return views.empty() ? nullptr : views.front();
  for (const auto* v : views)
    if (v->name() == name)
      return v;
  std::string names;
  for (const auto& n : view_names(views))
    names += ", " + n;
  return bad_input("invalid --view '" + name + "': expected generic" + names);
}

result<void> write_results(const command_context& ctx, const scenario_results& r,
                           const output_settings& settings, const view* table_view,
                           const scenario* known) {
  table_style style;
  style.time_unit = settings.time_unit;
  verdict_rule verdict;
  if (known != nullptr)
    verdict = [known](const scenario_results& results) { return known->verdict(results); };
  auto written = publish(ctx, settings, [&](std::ostream& out, results_format format) {
    if (format == results_format::html)
      make_html_writer({style, table_view, verdict, "gnuplot"})->write(r, out);
    else
      make_results_writer(format, style, table_view, verdict)->write(r, out);
  });
  if (settings.plot_path.empty())
    return written;
  auto drawn = plot_results(r, settings.plot_path, table_view);
  return !written ? written : drawn;
}

} // namespace actorbench::bench
