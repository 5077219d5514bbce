#include <stdexcept>

#include <doctest/doctest.h>

#include <stdexcept>

#include "bench/harness/registry.hpp"

using namespace actorbench::bench;

namespace {

declaration chat_declaration() {
  declaration d{"chat-room", "one message broadcast to every member"};
  d.integer("members").range(1, 100000).def("10").unit("actors").help("members of the room");
  d.size("message-bytes").range(1, 1 << 20).def("64").fixed().alias("bytes");
  d.word("crypto", {"off", "on"}).def("off");
  d.word("cipher", {"aes-128-ctr", "chacha20"}).def("aes-128-ctr").only_if("crypto", {"on"});
  d.metric("delivered_s", "s").headline().help("until every member has the message");
  d.metric("latency_s", "s").per_event(reduction::p99);
  d.check("lost", "messages that never arrived");
  return d;
}

std::unique_ptr<scenario> with(declaration d) {
  return make_scenario(std::move(d), [](run_context&) { return result<run_record>{run_record{}}; });
}

} // namespace

TEST_CASE("declaration builders fill the plain records") {
  auto d = chat_declaration();
  REQUIRE(d.params.size() == 4);
  const auto* members = d.param("members");
  REQUIRE(members != nullptr);
  CHECK(members->type == param_type::integer);
  CHECK(members->max == 100000);
  CHECK(members->default_value == "10");
  CHECK(members->scan);
  const auto* bytes = d.param("message-bytes");
  CHECK_FALSE(bytes->scan);
  CHECK(bytes->aliases == std::vector<std::string>{"bytes"});
  CHECK(d.param("cipher")->only_if.param == "crypto");
  CHECK(d.headline().name == "delivered_s");
  CHECK(d.find_metric("latency_s")->per_run == reduction::p99);
  CHECK(d.find_metric("nope") == nullptr);
  CHECK(snake_case("message-bytes") == "message_bytes");
}

TEST_CASE("the registry refuses malformed declarations and duplicates") {
  registry r;
  REQUIRE(r.add(with(chat_declaration())));
  CHECK(r.find("chat-room") != nullptr);
  CHECK(r.find("chat") == nullptr);
  auto dup = r.add(with(chat_declaration()));
  REQUIRE_FALSE(dup);
  CHECK(dup.err().message.find("registered twice") != std::string::npos);

  auto no_headline = chat_declaration();
  no_headline.name = "other";
  no_headline.metrics[0].headline = false;
  auto e = r.add(with(no_headline));
  REQUIRE_FALSE(e);
  CHECK(e.err().message.find("exactly one metric") != std::string::npos);

  auto bad_name = chat_declaration();
  bad_name.name = "Chat Room";
  CHECK_FALSE(r.add(with(bad_name)));

  auto twice = chat_declaration();
  twice.name = "twice";
  twice.integer("members");
  auto t = r.add(with(twice));
  REQUIRE_FALSE(t);
  CHECK(t.err().message.find("declared twice") != std::string::npos);

  auto bad_default = chat_declaration();
  bad_default.name = "bad-default";
  bad_default.params[2].default_value = "maybe";
  CHECK_FALSE(r.add(with(bad_default)));
  CHECK(r.all().size() == 1);
}
