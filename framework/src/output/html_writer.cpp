#include <sstream>

#include "bench/output/gnuplot.hpp"
#include "bench/output/results_writer.hpp"
#include "output/html_page.hpp"
#include "output/html_sources.hpp"
#include "output/html_text.hpp"
#include "output/inline_svg.hpp"
#include "output/markdown_html.hpp"
#include "output/results_plot.hpp"
#include "output/search_svg.hpp"

namespace actorbench::bench {

namespace {

// A page scrolls a wide table sideways instead of splitting it, and lets
// the browser wrap the lines.
constexpr std::size_t page_width = std::size_t{1} << 20;

/// The plot as an inline <svg>, or a line saying why there is none.
std::string plot_html(const scenario_results& r, const html_options& o) {
  auto image = plot_image(r, image_format::svg, o.table_view, o.gnuplot);
  auto svg = image ? inline_svg(*image) : result<std::string>{image.err()};
  if (!svg)
    return "<p class=\"missing\">No plot: " + html_text(svg.err().message) + "</p>\n";
  return "<figure>\n" + *svg + "\n</figure>\n";
}

/// Where the tables end: the blocks after the last table are notes.
std::size_t after_last_table(const std::vector<html_block>& blocks) {
  for (std::size_t i = blocks.size(); i > 0; --i)
    if (blocks[i - 1].type == html_block::kind::table)
      return i;
  return blocks.size();
}

/// The page: the verdict, the tables, the plot, the notes and noise, and
/// where each file was measured.
class html_writer : public results_writer {
 public:
  explicit html_writer(html_options options) : options_(std::move(options)) {
    options_.style.width = page_width;
    options_.style.markdown = true;
  }

  void write(const scenario_results& r, std::ostream& out) const override {
    auto blocks = table_blocks(r);
    auto tables_end = after_last_table(blocks);
    out << html_page_start("actorbench report: " + r.scenario.name);
    out << "<h1>actorbench report: " << html_text(r.scenario.name) << "</h1>\n";
    for (std::size_t i = 0; i < tables_end; ++i) {
      // The table writer draws the verdict first, alone in bold.
      if (i == 0 && blocks[i].type == html_block::kind::paragraph)
        out << "<p class=\"verdict\">" << blocks[i].html.substr(3);
      else
        out << blocks[i].html;
    }
    out << "<h2>Plot</h2>\n" << plot_html(r, options_);
    if (r.search && !r.search->probes.empty())
      out << "<h2>Capacity search</h2>\n<p>Each probe at its value: kept up (top), failed "
             "(bottom), disturbed (hollow, not counted); the fitted share that keeps up, the "
             "target share (dashed) and the interval (shaded).</p>\n<figure>\n"
          << search_svg(*r.search) << "\n</figure>\n";
    out << "<h2>Notes and noise</h2>\n";
    for (std::size_t i = tables_end; i < blocks.size(); ++i)
      out << blocks[i].html;
    if (tables_end == blocks.size())
      out << "<p>None.</p>\n";
    write_sources(r, out);
    out << html_page_end();
  }

 private:
  /// What --format markdown shows, as HTML blocks.
  std::vector<html_block> table_blocks(const scenario_results& r) const {
    std::ostringstream markdown;
    make_table_writer(options_.style, options_.table_view, options_.verdict)->write(r, markdown);
    return markdown_html(markdown.str());
  }

  // A merged report's files each with their own host probe; one run's
  // probe is among the notes already.
  void write_sources(const scenario_results& r, std::ostream& out) const {
    if (r.sources.empty()) {
      auto own = source_of(r, "this run");
      own.noise.reset();
      out << "<h2>Where it was measured</h2>\n" << source_html(own);
      return;
    }
    out << "<h2>Where each file was measured</h2>\n";
    for (const auto& source : r.sources)
      out << source_html(source);
  }

  html_options options_;
};

} // namespace

std::unique_ptr<results_writer> make_html_writer(html_options options) {
  return std::make_unique<html_writer>(std::move(options));
}

} // namespace actorbench::bench
