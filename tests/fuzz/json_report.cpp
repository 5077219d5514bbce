// Fuzz target: the reader of saved JSON results (read_results, schema 2 and
// the schema 1 fan-out import) and what `actorbench report` and `diff` do
// with what it read.
//
// Any input must come back as results or as one bad-input line, never a
// crash or an exception. Results that were read must print in every format
// (the fan-out's through its Erlang table view too), diff against themselves in
// every format, and survive a round trip: the JSON written for them reads
// back and writes the same JSON again.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>

#include "bench/scenarios/fanout/fanout_scenario.hpp"
#include "output/results_diff.hpp"
#include "bench/output/results_writer.hpp"
#include "bench/output/view.hpp"

using namespace actorbench::bench;

namespace {

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz json_report: %s\n", what.c_str());
  std::abort();
}

constexpr results_format formats[] = {results_format::table, results_format::json,
                                      results_format::csv, results_format::markdown};

void write_every_format(const scenario_results& r) {
  static const auto fanout = make_fanout_scenario();
  for (auto format : formats) {
    std::ostringstream out;
    make_results_writer(format)->write(r, out);
  }
  if (r.scenario.name != fanout->declared().name)
    return;
  for (const auto* v : fanout->views())
    for (bool markdown : {false, true}) {
      table_style style;
      style.markdown = markdown;
      std::ostringstream out;
      make_table_writer(style, v)->write(r, out);
    }
}

void diff_with_itself(const scenario_results& r) {
  auto d = diff_results(r, r, {});
  if (!d)
    return; // nothing to compare (no headline samples) is a refusal, not a crash
  for (auto format : formats) {
    std::ostringstream out;
    write_results_diff(*d, format, {}, out);
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto r = read_results(text, "fuzz.json");
  if (!r) {
    const auto& e = r.err();
    if (e.code != errc::bad_input || e.message.empty() || e.message.find('\n') != std::string::npos)
      fail("a refusal that is not one bad-input line: " + e.message);
    return 0;
  }
  write_every_format(*r);
  diff_with_itself(*r);
  auto json = to_json(*r);
  auto again = read_results(json, "written.json");
  if (!again)
    fail("the JSON written for results read back does not read: " + again.err().message);
  if (to_json(*again) != json)
    fail("the JSON round trip changed the results");
  return 0;
}
