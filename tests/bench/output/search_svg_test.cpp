#include <doctest/doctest.h>

#include <limits>

#include "output/search_svg.hpp"
#include "text_search.hpp"

using namespace actorbench::bench;
using actorbench::bench::testing::contains;

namespace {

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

search_result fitted_search() {
  search_result s;
  s.param = "players";
  s.unit = "<players>";
  s.stop = "precise";
  s.keep_up = 0.9;
  s.confidence = 0.9;
  s.capacity = 10'000;
  s.low = 9'600;
  s.high = 10'400;
  s.slope = 30;
  s.probes = {{4'000, true, 0}, {8'000, true, 1}, {16'000, false, 2}, {10'000, true, 3},
              {10'500, false, 4, 3.0, true}};
  return s;
}

} // namespace

TEST_CASE("search svg: every probe, the fitted curve, the target and the interval") {
  auto svg = search_svg(fitted_search());
  CHECK(svg.rfind("<svg ", 0) == 0);
  CHECK(count(svg, "<circle ") == 5);
  CHECK(count(svg, "fill=\"none\" stroke=\"#888\"><title>10500 failed, disturbed") == 1);
  CHECK(count(svg, "<polyline ") == 1);
  CHECK(contains(svg, ">90.0%</text>"));
  CHECK(contains(svg, ">10000</text>"));
  // Text from a file is text, never markup.
  CHECK(contains(svg, "players (&lt;players&gt;), log scale"));
}

TEST_CASE("search svg: without a fit only the probes, and nothing without probes") {
  auto s = fitted_search();
  s.capacity = 0;
  s.high = std::numeric_limits<double>::infinity();
  auto svg = search_svg(s);
  CHECK(count(svg, "<circle ") == 5);
  CHECK_FALSE(contains(svg, "<polyline "));
  s.probes.clear();
  CHECK(search_svg(s).empty());
}
