#include <doctest/doctest.h>

#include "bench/servers/refusal_log.hpp"

namespace actorbench {
using namespace std::chrono_literals;

namespace {

actors::tls_monitor::refusals refused(int n, std::size_t not_kept = 0) {
  actors::tls_monitor::refusals r;
  for (int i = 0; i < n; ++i)
    r.kept.push_back(
      {true, "127.0.0.1:" + std::to_string(1000 + i), "handshake failed: http request"});
  r.not_kept = not_kept;
  return r;
}

} // namespace

TEST_CASE("a few refusals are each printed in full") {
  bench::refusal_log log{"actorbench serve: ", 5, 10s};
  auto t = bench::refusal_log::clock::time_point{} + 1h;
  auto lines = log.add(refused(3), t);
  REQUIRE(lines.size() == 3);
  CHECK(lines[0]
        == "actorbench serve: refused TLS client 127.0.0.1:1000: handshake failed: http request");
  CHECK(log.add(refused(2), t + 1s).size() == 2);
  CHECK(log.finish().empty());
  CHECK(log.total() == 5);
}

TEST_CASE("a flood of refusals costs a few lines per interval and keeps the whole count") {
  bench::refusal_log log{"actorbench node: ", 5, 10s};
  auto t = bench::refusal_log::clock::time_point{} + 1h;
  std::vector<std::string> printed;
  auto print = [&](std::vector<std::string> lines) {
    printed.insert(printed.end(), lines.begin(), lines.end());
  };
  // 850 refusals in 34 s, 5 every 200 ms, then 200 the monitor only counted.
  for (int i = 0; i < 170; ++i)
    print(log.add(refused(5), t + i * 200ms));
  print(log.add(refused(0, 200), t + 34s));
  print(log.finish());
  CHECK(log.total() == 1050);
  // Per interval (0-10 s, 10-20 s, 20-30 s, 30 s-end): 5 in full, then one count.
  REQUIRE(printed.size() == 4 * (5 + 1));
  CHECK(printed[5] == "actorbench node: refused 245 more TLS clients within 10 s, not shown one by "
                      "one (e.g. 127.0.0.1:1004: handshake failed: http request)");
  CHECK(printed.back().find("refused 295 more TLS clients within 10 s, not shown one by one")
        != std::string::npos);
  // The counts add up to what is not printed in full.
  std::size_t counted = 0;
  for (const auto& line : printed)
    if (auto at = line.find("refused "); line.find(" more TLS client") != std::string::npos)
      counted += std::stoul(line.substr(at + 8));
  CHECK(counted + 4 * 5 == 1050);
}

TEST_CASE("after a flood, a quiet interval prints refusals in full again") {
  bench::refusal_log log{"p: ", 2, 10s};
  auto t = bench::refusal_log::clock::time_point{} + 1h;
  CHECK(log.add(refused(10), t).size() == 2);
  auto later = log.add(refused(1), t + 11s);
  REQUIRE(later.size() == 2);
  CHECK(later[0].find("p: refused 8 more TLS clients") == 0);
  CHECK(later[1] == "p: refused TLS client 127.0.0.1:1000: handshake failed: http request");
}

TEST_CASE("bounded_log words the count its own way and counts events known only by number") {
  bench::bounded_log log{
    "s: ", [](std::size_t n) { return "dropped " + std::to_string(n) + " more"; }, 1, 10s};
  auto t = bench::bounded_log::clock::time_point{} + 1h;
  CHECK(log.advance(t).empty());
  CHECK(log.add("dropped a", "a") == "s: dropped a");
  CHECK_FALSE(log.add("dropped b", "b").has_value());
  log.count(3);
  CHECK(log.advance(t + 5s).empty()); // the interval is not over
  auto lines = log.advance(t + 10s);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "s: dropped 4 more within 10 s, not shown one by one (e.g. b)");
  CHECK(log.finish().empty());
  CHECK(log.total() == 5);
}

} // namespace actorbench
