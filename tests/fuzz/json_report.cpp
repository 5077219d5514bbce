// Fuzz target: the reader of saved JSON results and what `actorbench report`
// and `diff` do with what it read.
//
// Any input must come back as a report or as one bad-input line, never a
// crash or an exception. A report that was read must give finite,
// non-negative statistics and positive procs and threads, print in every
// format, diff against itself in every format, and survive a round trip: the
// JSON it writes reads back and writes the same JSON again.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>

#include "bench/diff.hpp"
#include "bench/json_reader.hpp"
#include "bench/harness/statistics.hpp"

using namespace actorbench::bench;

namespace {

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz json_report: %s\n", what.c_str());
  std::abort();
}

std::string write(const report& r, output_format format) {
  std::ostringstream out;
  make_reporter(format)->write(r, out);
  return out.str();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto r = parse_report(text, "fuzz.json");
  if (!r) {
    const auto& e = r.err();
    if (e.code != errc::bad_input || e.message.empty() || e.message.find('\n') != std::string::npos)
      fail("a refusal that is not one bad-input line: " + e.message);
    return 0;
  }
  // The figures printed from what was read are real durations and rates.
  for (const auto& result : r->results) {
    auto s = summarize(result.samples_s);
    for (double x : {s.mean, s.median, s.min, s.max, s.stddev, s.cv, s.ci999})
      if (!std::isfinite(x) || x < 0)
        fail("a report read gives a negative or non-finite figure");
    if (result.procs == 0 || result.threads == 0)
      fail("a report read has no procs or threads, so no rates");
  }
  for (auto format : {output_format::table, output_format::csv, output_format::markdown})
    write(*r, format);
  auto entries = diff_reports(*r, *r);
  for (auto format :
       {output_format::table, output_format::json, output_format::csv, output_format::markdown}) {
    std::ostringstream out;
    write_diff(entries, out, format);
  }
  auto json = write(*r, output_format::json);
  auto again = parse_report(json, "written.json");
  if (!again)
    fail("the JSON written for a report read back does not read: " + again.err().message);
  if (write(*again, output_format::json) != json)
    fail("the JSON round trip changed the report");
  return 0;
}
