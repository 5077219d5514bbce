// Writes JSON results for tests/cli/results_schema to validate against the
// shipped schema: every field kind, the emptiest results, and a schema 1
// fan-out file imported into schema 2.
//
// Usage: write_sample_results OUT_DIR SCHEMA1_FILE

#include <fstream>
#include <iostream>
#include <sstream>

#include "bench/output/results_writer.hpp"
#include "sample_results.hpp"

namespace {

using namespace actorbench::bench;

bool write_file(const std::string& path, const scenario_results& r) {
  std::ofstream out{path};
  out << to_json(r);
  return static_cast<bool>(out);
}

scenario_results emptiest() {
  scenario_results r;
  r.scenario = declaration{"empty", ""};
  r.scenario.metric("t", "s");
  return r;
}

} // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: write_sample_results OUT_DIR SCHEMA1_FILE\n";
    return 2;
  }
  const std::string dir = argv[1];
  std::ifstream in{argv[2]};
  std::stringstream text;
  text << in.rdbuf();
  auto imported = read_results(text.str(), argv[2]);
  if (!imported) {
    std::cerr << imported.err().message << '\n';
    return 1;
  }
  bool ok = write_file(dir + "/sample.json", testing::sample_results())
            && write_file(dir + "/noisy.json", testing::noisy_sample_results())
            && write_file(dir + "/empty.json", emptiest())
            && write_file(dir + "/fanout-imported.json", *imported);
  if (!ok)
    std::cerr << "write_sample_results: cannot write into '" << dir << "'\n";
  return ok ? 0 : 1;
}
