#include <doctest/doctest.h>

#include <string>

#include "actors/remote/peer_text.hpp"

using namespace actorbench;

TEST_CASE("peer text keeps printable ASCII as is") {
  CHECK(actors::peer_text("unknown cipher 'x-1' (try --list)") ==
        "unknown cipher 'x-1' (try --list)");
}

TEST_CASE("peer text escapes control bytes, the backslash and non-ASCII bytes") {
  CHECK(actors::peer_text("a\x1b[31mred\nline\\\x7f\xc3\xa9") ==
        "a\\x1b[31mred\\x0aline\\x5c\\x7f\\xc3\\xa9");
  CHECK(actors::peer_text(std::string{"nul\0end", 7}) == "nul\\x00end");
}

TEST_CASE("peer text is bounded and says how long it was") {
  std::string flood(2048, 'A');
  flood[100] = '\n';
  auto shown = actors::peer_text(flood);
  CHECK(shown.find('\n') == std::string::npos);
  CHECK(shown.size() < actors::peer_text_limit + 40);
  CHECK(shown.substr(shown.size() - 16) == "... (2048 bytes)");
  CHECK(actors::peer_text(std::string(200, 'b')) == std::string(200, 'b'));
}
