#include <limits>
#include <sstream>

#include <doctest/doctest.h>

#include "bench/output/results_writer.hpp"
#include "sample_results.hpp"

using namespace actorbench::bench;

namespace {

std::vector<std::string> lines_of(const scenario_results& r) {
  std::ostringstream out;
  make_csv_writer()->write(r, out);
  std::vector<std::string> lines;
  std::istringstream in{out.str()};
  for (std::string line; std::getline(in, line);)
    lines.push_back(line);
  return lines;
}

} // namespace

TEST_CASE("csv_writer: one header, then one row per measured run") {
  auto lines = lines_of(testing::sample_results());
  REQUIRE(lines.size() == 5);
  CHECK(lines[0]
        == "scenario,procs,message_bytes,tick,crypto,cipher,note,configuration,run,partial,"
           "wall_s,cpu_user_s,cpu_system_s,start_rss_bytes,peak_rss_bytes,replies_s,"
           "spawn_done_s,rate,latency_s_p50,latency_s_p99,latency_s_max,mismatches,"
           "missed_ticks");
}

TEST_CASE("csv_writer: n/a cells are empty, text is quoted, numbers have full precision") {
  auto lines = lines_of(testing::sample_results());
  CHECK(lines[1]
        == "sample,10,64,0.01,off,,\"said \"\"hi\"\", twice\",0,0,false,0.25,0.125,0.0625,"
           "1048576,3145728,0.001,0.0004,1000000,2e-06,0.1,"
           "0.1,0,0");
  // The partial run of the second configuration, without a start RSS;
  // 0.0004 * 3 is not 0.0012, so it takes 17 digits to read back the same.
  CHECK(lines[4]
        == "sample,20,64,0.01,on,chacha,\"said \"\"hi\"\", twice\",1,1,true,0.75,0.375,0.0625,,"
           "3145728,0.003000001,0.0012000000000000001,333333.3333333333,2e-06,0.1,0.1,1,0");
}

TEST_CASE("csv_writer: a NaN or missing metric is an empty cell") {
  auto r = testing::sample_results();
  auto& run = r.configurations[0].runs[0];
  run.wall_s = std::numeric_limits<double>::quiet_NaN();
  run.record.samples.erase("latency_s");
  run.record.checks.erase("missed_ticks");
  auto lines = lines_of(r);
  CHECK(lines[1]
        == "sample,10,64,0.01,off,,\"said \"\"hi\"\", twice\",0,0,false,,0.125,0.0625,"
           "1048576,3145728,0.001,0.0004,1000000,,,,0,");
}

TEST_CASE("csv_writer: merged results add a source column") {
  auto r = testing::sample_results();
  r.configurations[0].source = "old.json";
  r.configurations[1].source = "new.json";
  auto lines = lines_of(r);
  CHECK(lines[0].rfind("scenario,source,procs,", 0) == 0);
  CHECK(lines[1].rfind("sample,old.json,10,", 0) == 0);
  CHECK(lines[3].rfind("sample,new.json,20,", 0) == 0);
}
