#include <doctest/doctest.h>

#include "bench/scenarios/shared/endpoint.hpp"

namespace actorbench::bench {

// Ported from the old rpc_options_test: rpc, serve, node and --nodes parse
// HOST:PORT and ports through these.
TEST_CASE("HOST:PORT parses host names, IPv4 and bracketed IPv6 addresses") {
  auto a = parse_endpoint("--connect", "example.org:4242");
  REQUIRE(a);
  CHECK(a->host == "example.org");
  CHECK(a->port == 4242);
  auto b = parse_endpoint("--connect", "[::1]:65535");
  REQUIRE(b);
  CHECK(b->host == "::1");
  CHECK(b->port == 65535);
}

TEST_CASE("a bad HOST:PORT is bad input naming the value") {
  for (const char* text : {"localhost", ":80", "host:", "host:0", "host:65536", "host:8x", "::1:80",
                           "[]:80", "host:123456"}) {
    auto e = parse_endpoint("--connect", text);
    REQUIRE_FALSE(e);
    CHECK(e.err().code == errc::bad_input);
    CHECK(e.err().message.find(std::string{"invalid --connect '"} + text + "'") == 0);
  }
}

} // namespace actorbench::bench
