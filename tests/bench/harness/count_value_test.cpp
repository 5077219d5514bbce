#include <doctest/doctest.h>

#include "bench/harness/value_list.hpp"
#include "harness/nearest_word.hpp"

using namespace actorbench::bench;

TEST_CASE("parse_count_value: digits, and k, M, G as decimal powers in either case") {
  CHECK(parse_count_value("0") == std::size_t{0});
  CHECK(parse_count_value("10000") == std::size_t{10000});
  CHECK(parse_count_value("10k") == std::size_t{10000});
  CHECK(parse_count_value("10K") == std::size_t{10000});
  CHECK(parse_count_value("1M") == std::size_t{1000000});
  CHECK(parse_count_value("1m") == std::size_t{1000000});
  CHECK(parse_count_value("1G") == std::size_t{1000000000});
  CHECK(parse_count_value("0k") == std::size_t{0});
}

TEST_CASE("parse_count_value: a fraction only before a suffix and only when whole") {
  CHECK(parse_count_value("1.5k") == std::size_t{1500});
  CHECK(parse_count_value("2.25M") == std::size_t{2250000});
  CHECK(parse_count_value("1.000k") == std::size_t{1000});
  CHECK(parse_count_value("0.001k") == std::size_t{1});
  CHECK_FALSE(parse_count_value("1.5"));
  CHECK_FALSE(parse_count_value("1.0005k"));
  CHECK_FALSE(parse_count_value("1.k"));
  CHECK_FALSE(parse_count_value(".5k"));
}

TEST_CASE("parse_count_value: anything else is none") {
  for (const char* text : {"", "k", "abc", "-5", "+5", "1e3", "10kk", "10T", "10 k", " 10k", "1,5k",
                           "0x10", "1.5.5k", "1.-5k"})
    CHECK_FALSE(parse_count_value(text));
  // Beyond std::size_t: refused, never wrapped around.
  CHECK_FALSE(parse_count_value("18446744073709552G"));
  CHECK_FALSE(parse_count_value("9999999999999999999G"));
  CHECK(parse_count_value("18446744073G") == std::size_t{18446744073000000000ULL});
}

TEST_CASE("nearest_words: a typo's nearest names, none when nothing is close") {
  const std::vector<std::string> names{"fanout", "cipher", "keygen", "zone", "ring", "report"};
  CHECK(nearest_words("zones", names) == std::vector<std::string>{"zone"});
  CHECK(nearest_words("fnaout", names) == std::vector<std::string>{"fanout"});
  CHECK(nearest_words("ZONE", names) == std::vector<std::string>{"zone"});
  CHECK(nearest_words("rign", names) == std::vector<std::string>{"ring"});
  CHECK(nearest_words("zoning", names).empty());
  CHECK(nearest_words("xyz", names).empty());
  CHECK(nearest_words("", names).empty());
  CHECK(nearest_words("opensll", {"none", "openssl", "sodium"})
        == std::vector<std::string>{"openssl"});
  CHECK(nearest_words("rsb", {"rsa", "rsc"}) == std::vector<std::string>{"rsa", "rsc"});
}

TEST_CASE("did_you_mean: one, two or more names") {
  CHECK(did_you_mean({}).empty());
  CHECK(did_you_mean({"zone"}) == "did you mean 'zone'?");
  CHECK(did_you_mean({"a", "b"}) == "did you mean 'a' or 'b'?");
  CHECK(did_you_mean({"a", "b", "c"}) == "did you mean 'a', 'b' or 'c'?");
}
