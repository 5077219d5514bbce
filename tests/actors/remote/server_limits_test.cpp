// The wrappers that protect servers: the BASP payload limit (which CAF's
// header check now includes) and the code ranges they tell callers apart by.
#include <dlfcn.h>

#include <caf/io/basp/header.hpp>
#include <doctest/doctest.h>

#include "actors/remote/basp_payload_limit.hpp"
#include "remote/interpose/library_code_ranges.hpp"

using namespace actorbench::actors;

namespace {

caf::io::basp::header client_handshake(std::uint32_t payload) {
  return {caf::io::basp::message_type::client_handshake, 0, payload, 0, 0, 0};
}

} // namespace

TEST_CASE("library_code_ranges finds libcaf_io's code and only that") {
  REQUIRE(caf_io_code().locate());
  // caf::policy::tcp::try_accept, which calls accept.
  void* in_caf_io = dlsym(RTLD_DEFAULT, "_ZN3caf6policy3tcp10try_acceptERii");
  REQUIRE(in_caf_io != nullptr);
  CHECK(caf_io_code().contains(in_caf_io));
  CHECK_FALSE(caf_io_code().contains(reinterpret_cast<void*>(&client_handshake)));
  library_code_ranges nowhere{"libno_such_library"};
  CHECK_FALSE(nowhere.locate());
  CHECK_FALSE(nowhere.contains(in_caf_io));
}

TEST_CASE("a BASP header declaring more than the limit is invalid, and recorded") {
  basp_payload_limit::set(basp_payload_limit::default_limit);
  basp_payload_limit::take();
  CHECK(caf::io::basp::valid(client_handshake(100)));
  CHECK(caf::io::basp::valid(client_handshake(basp_payload_limit::default_limit)));
  CHECK_FALSE(caf::io::basp::valid(client_handshake(0xFFFFFFF0)));
  basp_payload_limit::set(4096);
  CHECK_FALSE(caf::io::basp::valid(client_handshake(4097)));
  // CAF's own checks still apply: a handshake from a client names no actors.
  auto bad = client_handshake(10);
  bad.dest_actor = 7;
  CHECK_FALSE(caf::io::basp::valid(bad));
  auto refused = basp_payload_limit::take();
  REQUIRE(refused.count == 2);
  CHECK(refused.first[0].declared == 0xFFFFFFF0);
  CHECK(refused.first[0].limit == basp_payload_limit::default_limit);
  CHECK(refused.first[1].limit == 4096);
  CHECK(to_string(refused.first[1])
        == "its BASP header declared a payload of 4097 bytes, above the limit of 4096 bytes");
  CHECK(basp_payload_limit::take().count == 0);
  basp_payload_limit::set(basp_payload_limit::default_limit);
}
