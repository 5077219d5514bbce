#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "bench/keygen_plot.hpp"
#include "svg_text.hpp"

using namespace actorbench;
using namespace actorbench::test;
using crypto::key_algorithm;

namespace {

bench::keygen_cell make_cell(key_algorithm algo, std::size_t bits, std::size_t threads,
                             std::size_t keys, double wall_s, bool partial = false) {
  bench::keygen_cell c;
  c.request = {algo, bits, "openssl"};
  c.sample.threads = threads;
  c.sample.keys = keys;
  c.sample.requested = partial ? keys + 2 : keys;
  c.sample.wall_s = wall_s;
  c.sample.partial = partial;
  c.sample.key_s.assign(keys, wall_s * static_cast<double>(threads) / static_cast<double>(keys));
  c.sample.key_worker.assign(keys, 0);
  c.sample.validated = keys;
  return c;
}

} // namespace

TEST_CASE("keygen plot: one grid shows thread-seconds and speed-up per key size") {
  temp_dir dir;
  auto path = dir.file("keygen.svg");
  std::vector<bench::keygen_cell> cells{make_cell(key_algorithm::rsa, 1024, 1, 10, 1.0),
                                        make_cell(key_algorithm::rsa, 1024, 2, 10, 0.6),
                                        make_cell(key_algorithm::rsa, 1024, 4, 10, 0.35),
                                        make_cell(key_algorithm::rsa, 2048, 1, 4, 20.0),
                                        make_cell(key_algorithm::rsa, 2048, 2, 4, 10.0),
                                        make_cell(key_algorithm::rsa, 2048, 4, 3, 6.0, true)};
  auto done = bench::write_keygen_plot(cells, path);
  INFO((done ? std::string{} : done.err().message));
  REQUIRE(done);
  CHECK(*done);
  check_svg(path, {"actorbench keygen: rsa (openssl)", "worker threads",
                   "thread-seconds per key (s)", "speed-up (×)", "1024 bits", "2048 bits (partial)",
                   "ideal (linear)", "ideal: flat from 1 thread"});
}

TEST_CASE("keygen plot: several algorithms get a row each") {
  temp_dir dir;
  auto path = dir.file("two.svg");
  std::vector<bench::keygen_cell> cells{make_cell(key_algorithm::rsa, 1024, 2, 10, 1.0),
                                        make_cell(key_algorithm::rsa, 1024, 4, 10, 0.6),
                                        make_cell(key_algorithm::ec, 256, 2, 100, 0.01),
                                        make_cell(key_algorithm::ec, 256, 4, 100, 0.006),
                                        make_cell(key_algorithm::ec, 384, 2, 100, 0.03),
                                        make_cell(key_algorithm::ec, 384, 4, 100, 0.02)};
  auto done = bench::write_keygen_plot(cells, path);
  INFO((done ? std::string{} : done.err().message));
  REQUIRE(done);
  check_svg(path, {"actorbench keygen: rsa (openssl), ec (openssl)",
                   "rsa (openssl): thread-seconds per key (dashed: flat, ideal)",
                   "ec (openssl): speed-up: wall per key at 2 threads / wall per key",
                   "ideal: flat from 2 threads", "1024 bits", "256 bits", "384 bits"});
}

TEST_CASE("keygen plot: another extension is bad input") {
  std::vector<bench::keygen_cell> cells{make_cell(key_algorithm::rsa, 1024, 1, 10, 1.0)};
  for (std::string path : {"x.gif", "plot", ".svg"}) {
    auto done = bench::write_keygen_plot(cells, path);
    REQUIRE_FALSE(done);
    CHECK(done.err().code == bench::errc::bad_input);
    CHECK(done.err().message == "invalid --plot '" + path + "': expected a .svg or .png file");
  }
}

TEST_CASE("keygen plot: cells without keys are bad input") {
  temp_dir dir;
  std::vector<bench::keygen_cell> cells{make_cell(key_algorithm::rsa, 4096, 1, 0, 5.0, true)};
  auto done = bench::write_keygen_plot(cells, dir.file("empty.svg"));
  REQUIRE_FALSE(done);
  CHECK(done.err().code == bench::errc::bad_input);
}
