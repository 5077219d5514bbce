#include <doctest/doctest.h>

#include "bench/harness/memory_budget.hpp"

using namespace actorbench::bench;

TEST_CASE("--max-memory takes bytes or K, M, G, T, P in powers of 1024") {
  auto exact = [](const std::string& text) {
    auto b = parse_memory_budget(text);
    REQUIRE(b);
    return b->bytes.value_or(0);
  };
  CHECK(exact("4096") == 4096);
  CHECK(exact("512K") == 512ull << 10);
  CHECK(exact("10m") == 10ull << 20);
  CHECK(exact("1.5G") == 3ull << 29);
}

TEST_CASE("--max-memory refuses zero, words, negative, fractional bytes and absurd sizes") {
  for (auto text : {"0", "1000", "lots", "-1G", "1.5X", "1GB", "inf", "nan", "0x10", " 1G", "1e9",
                    "100P", "."}) {
    auto b = parse_memory_budget(text);
    REQUIRE_FALSE(b);
    CHECK(b.err().code == errc::bad_input);
    CHECK(b.err().message.find(std::string{"invalid --max-memory '"} + text + "'")
          != std::string::npos);
  }
}

TEST_CASE("a cap above the available memory does not raise it") {
  auto machine = parse_memory_budget("");
  REQUIRE(machine);
  if (!machine->bytes)
    return; // no /proc/meminfo: nothing to compare with
  auto huge = parse_memory_budget("1P");
  REQUIRE(huge);
  CHECK_FALSE(huge->capped);
  // Not raised to 1P; not equal to the first reading either, since available
  // memory moves between the two readings while other tests run.
  REQUIRE(huge->bytes);
  CHECK(*huge->bytes < (1ull << 50));
  CHECK(*huge->bytes <= *machine->bytes * 2);
}

TEST_CASE("the estimate check names the option, the estimate and the budget") {
  memory_budget budget{10ull << 20, true};
  CHECK(check_memory_estimate(budget, "--procs", "1000", 1000, "actors", "actor", 64));
  auto refused =
    check_memory_estimate(budget, "--procs", "1000000", 1000000, "actors", "actor", 64);
  REQUIRE_FALSE(refused);
  CHECK(refused.err().code == errc::bad_input);
  CHECK(refused.err().message
        == "invalid --procs '1000000': 1000000 actors need about 61.0 MiB (64 bytes per actor) "
           "but --max-memory allows 10.0 MiB");
  // The product of an absurd count must not wrap around to something that fits.
  CHECK_FALSE(
    check_memory_estimate(budget, "--players", "x", UINT64_MAX, "players", "player", 1 << 20));
  memory_budget machine{1ull << 30, false};
  CHECK(check_memory_estimate(machine, "--keys", "9", 9, "keys", "key", 1ull << 28)
          .err()
          .message.find("but only 1.0 GiB is available")
        != std::string::npos);
  CHECK(check_memory_estimate(memory_budget{}, "--keys", "9", 9, "keys", "key", UINT64_MAX));
}
