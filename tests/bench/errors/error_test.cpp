#include <doctest/doctest.h>

#include "bench/error.hpp"

namespace actorbench::bench {

namespace {

result<void> refuse_odd(int n) {
  if (n % 2 != 0)
    return bad_input("invalid number '" + std::to_string(n) + "': expected an even one");
  return {};
}

} // namespace

TEST_CASE("a void result is success by default and carries the error it was given") {
  CHECK(static_cast<bool>(refuse_odd(2)));
  auto odd = refuse_odd(3);
  REQUIRE_FALSE(odd);
  CHECK(odd.err().code == errc::bad_input);
  CHECK(odd.err().message == "invalid number '3': expected an even one");
  CHECK(odd.err().cause.empty());
}

TEST_CASE("a lower layer's error keeps its code as the cause and its detail after what was done") {
  crypto::error unknown{crypto::errc::unknown_cipher, "no cipher 'aes-999'"};
  auto e = bad_input(unknown, "invalid --cipher 'aes-999'");
  CHECK(e.code == errc::bad_input);
  CHECK(e.message == "invalid --cipher 'aes-999': no cipher 'aes-999'");
  CHECK(e.cause == "crypto.unknown_cipher");

  actors::error late{actors::errc::timeout, "3 of 10 replies in 1 s"};
  auto r = runtime_failure(late);
  CHECK(r.code == errc::runtime_failure);
  CHECK(r.message == "3 of 10 replies in 1 s");
  CHECK(r.cause == "actors.timeout");
}

TEST_CASE("by_code makes a refused request bad input and a failed one a runtime failure") {
  CHECK(by_code(actors::error{actors::errc::bad_parameter, "x"}).code == errc::bad_input);
  CHECK(by_code(actors::error{actors::errc::node_failure, "x"}).code == errc::runtime_failure);
  CHECK(by_code(crypto::error{crypto::errc::bad_key_length, "x"}).code == errc::bad_input);
  auto failed = by_code(crypto::error{crypto::errc::backend_failure, "x"}, "keygen");
  CHECK(failed.code == errc::runtime_failure);
  CHECK(failed.message == "keygen: x");
  CHECK(failed.cause == "crypto.backend_failure");
}

} // namespace actorbench::bench
