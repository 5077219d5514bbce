#include <doctest/doctest.h>

#include "crypto/bytes.hpp"

using namespace actorbench::crypto;

TEST_CASE("hex: encodes lower case, two digits per byte") {
  bytes data{0x00, 0x01, 0x7f, 0x80, 0xab, 0xff};
  CHECK(to_hex(data) == "00017f80abff");
  CHECK(to_hex(bytes{}) == "");
}

TEST_CASE("hex: round trip over every byte value") {
  bytes all(256);
  for (std::size_t i = 0; i < all.size(); ++i)
    all[i] = static_cast<std::uint8_t>(i);
  auto back = from_hex(to_hex(all));
  REQUIRE(back);
  CHECK(*back == all);
}

TEST_CASE("hex: decodes either case and the empty string") {
  auto mixed = from_hex("DeadBEEF");
  REQUIRE(mixed);
  CHECK(*mixed == bytes{0xde, 0xad, 0xbe, 0xef});
  auto empty = from_hex("");
  REQUIRE(empty);
  CHECK(empty->empty());
}

TEST_CASE("hex: rejects odd length") {
  CHECK_FALSE(from_hex("a"));
  CHECK_FALSE(from_hex("abc"));
}

TEST_CASE("hex: rejects bad digits and separators") {
  CHECK_FALSE(from_hex("0g"));
  CHECK_FALSE(from_hex("zz"));
  CHECK_FALSE(from_hex("00 1"));
  CHECK_FALSE(from_hex("0x00"));
  CHECK_FALSE(from_hex("-1"));
}
