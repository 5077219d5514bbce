#include <doctest/doctest.h>

#include <sstream>
#include <string>

#include "bench/output/results_writer.hpp"
#include "output/html_sources.hpp"
#include "output/html_text.hpp"
#include "output/inline_svg.hpp"
#include "output/markdown_html.hpp"
#include "output/shell_quoted.hpp"
#include "output/table_samples.hpp"
#include "text_search.hpp"

using namespace actorbench::bench;
using namespace actorbench::bench::testing;

namespace {

} // namespace

TEST_CASE("html_text escapes markup and replaces what a parser refuses") {
  CHECK(html_text("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&#39;");
  CHECK(html_text("µs\tok\n") == "µs\tok\n");
  const std::string fffd = "\xEF\xBF\xBD";
  CHECK(html_text(std::string{"a\x01" "b"}) == "a" + fffd + "b");
  CHECK(html_text("\xC2\x85") == fffd);            // a C1 control
  CHECK(html_text("\xFF" "x") == fffd + "x");      // not UTF-8
  CHECK(html_text("\xC0\xBC") == fffd + fffd);     // an overlong '<'
  CHECK(html_text("\xEF\xB7\x90") == fffd);        // U+FDD0, a noncharacter
  CHECK(html_text("\xE2\x86\x92") == "\xE2\x86\x92");
}

TEST_CASE("shell_quoted: one line that a POSIX shell reads as one word") {
  const std::string fffd = "\xEF\xBF\xBD";
  CHECK(shell_quoted("it's") == "'it'\\''s'");
  CHECK(shell_quoted("!x `id` $y \\") == "'!x `id` $y \\'"); // nothing else is special
  CHECK(shell_quoted("a\nb") == "'a b'");
  CHECK(shell_quoted(std::string{"a\0b\x1b", 4}) == "'a" + fffd + "b" + fffd + "'");
  CHECK(shell_quoted("\xFF") == "'" + fffd + "'");
}

TEST_CASE("markdown_html draws the table writers' Markdown as tables, lists and paragraphs") {
  auto blocks = markdown_html("**3 actors in 1 ms**\n\n"
                              "| | a\\|b | c |\n|---|---:|---:|\n| median (µs) | 1 | <2> |\n\n"
                              "relative to a:\n  c: 2x slower\n- host: quiet\n    and steady\n");
  REQUIRE(blocks.size() == 4);
  CHECK(blocks[0].html == "<p><strong>3 actors in 1 ms</strong></p>\n");
  CHECK(blocks[1].type == html_block::kind::table);
  CHECK(contains(blocks[1].html, "<thead><tr><th></th><th>a|b</th><th>c</th></tr></thead>"));
  CHECK(contains(blocks[1].html, "<tr><td>median (µs)</td><td>1</td><td>&lt;2&gt;</td></tr>"));
  CHECK(blocks[2].html == "<p>relative to a:</p>\n");
  CHECK(blocks[3].type == html_block::kind::list);
  CHECK(contains(blocks[3].html, "<li>c: 2x slower</li>"));
  CHECK(contains(blocks[3].html, "<li>host: quiet and steady</li>"));
}

TEST_CASE("inline_svg keeps the <svg> element and refuses what reaches outside it") {
  auto svg = inline_svg("<?xml version=\"1.0\"?>\n<!DOCTYPE svg>\n<svg viewBox=\"0 0 1 1\"\n"
                        " xmlns=\"http://www.w3.org/2000/svg\"\n"
                        " xmlns:xlink=\"http://www.w3.org/1999/xlink\"\n>"
                        "<use xlink:href='#p'/></svg>\n");
  REQUIRE(svg);
  CHECK(*svg == "<svg viewBox=\"0 0 1 1\"\n><use xlink:href='#p'/></svg>");
  CHECK(!inline_svg("<svg><script>x()</script></svg>"));
  CHECK(!inline_svg("<svg><use href='other.svg#p'/></svg>"));
  CHECK(!inline_svg("<svg><rect fill='url(http://x/y)'/></svg>"));
  CHECK(!inline_svg("<svg><rect onload='x()'/></svg>"));
  CHECK(!inline_svg("no image"));
  CHECK(inline_svg("<svg><text>done on time</text></svg>"));
}

TEST_CASE("an HTML page says why it has no plot and names each file") {
  std::vector<configuration_result> cs;
  for (std::int64_t procs : {1000, 2000})
    cs.push_back(sample_runs(sample_config(procs, false), times_near(0.001, 3)));
  auto r = sample_results(std::move(cs));
  html_options o;
  o.gnuplot = "/nonexistent/gnuplot";
  auto context = source_of(r, "a.json");
  context.machine.hostname = "<b>";
  r.sources = {context, context};
  r.sources[1].file = "b&.json";
  std::ostringstream out;
  make_html_writer(o)->write(r, out);
  auto page = out.str();
  CHECK(page.rfind("<!DOCTYPE html>\n", 0) == 0);
  CHECK(contains(page, "<p class=\"verdict\"><strong>"));
  CHECK(contains(page, "<th>1000 procs</th>"));
  CHECK(contains(page, "No plot: gnuplot not found"));
  CHECK(contains(page, "<h3>a.json</h3>"));
  CHECK(contains(page, "<h3>b&amp;.json</h3>"));
  CHECK(contains(page, "host &lt;b&gt;"));
  CHECK(!contains(page, "<svg"));
  CHECK(page.substr(page.size() - 8) == "</html>\n");
}
