#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include <caf/message.hpp>
#include <caf/meta/type_name.hpp>

#include "bench/scenarios/shared/lean_actor.hpp"

namespace actorbench::actors {

namespace {

struct custom_a {
  std::uint64_t x = 0;
};

struct custom_b {
  std::uint64_t x = 0;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, custom_a& v) {
  return f(caf::meta::type_name("test.custom_a"), v.x);
}

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, custom_b& v) {
  return f(caf::meta::type_name("test.custom_b"), v.x);
}

// Reaches lean_actor's protected type test; never instantiated.
struct holds_probe : lean_actor {
  using lean_actor::holds;
};

template <class... Ts>
bool holds(const caf::message& m) {
  return holds_probe::holds<Ts...>(m.content());
}

} // namespace

TEST_CASE("lean_actor::holds tells custom element types apart, not only built-in ones") {
  auto a = caf::make_message(custom_a{1});
  auto b = caf::make_message(custom_b{2});
  CHECK(holds<custom_a>(a));
  CHECK_FALSE(holds<custom_b>(a));
  CHECK(holds<custom_b>(b));
  CHECK_FALSE(holds<custom_a>(b));
  CHECK_FALSE(holds<std::uint64_t>(a));
  CHECK_FALSE(holds<custom_a, custom_a>(a));
}

TEST_CASE("lean_actor::holds checks built-in and custom elements of one message") {
  auto mixed = caf::make_message(std::uint64_t{7}, custom_a{1});
  CHECK(holds<std::uint64_t, custom_a>(mixed));
  CHECK_FALSE(holds<std::uint64_t, custom_b>(mixed));
  CHECK_FALSE(holds<std::uint32_t, custom_a>(mixed));
  CHECK_FALSE(holds<custom_a, std::uint64_t>(mixed));
  auto plain = caf::make_message(std::uint64_t{7});
  CHECK(holds<std::uint64_t>(plain));
  CHECK_FALSE(holds<std::string>(plain));
  CHECK_FALSE(holds<>(plain));
}

} // namespace actorbench::actors
