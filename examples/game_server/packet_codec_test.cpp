#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <random>
#include <string_view>

#include "packet_codec.hpp"

using namespace game;

namespace {

bytes from(std::initializer_list<int> xs) {
  bytes out;
  for (int x : xs)
    out.push_back(static_cast<std::uint8_t>(x));
  return out;
}

codec_errc error_of(const bytes& in) {
  auto r = decode_frame(in);
  REQUIRE_FALSE(r);
  return r.err();
}

} // namespace

TEST_CASE("an encoded frame decodes to its type and payload, and consumes exactly its bytes") {
  bytes key(32, 0xab);
  auto wire = encode_frame(frame_type::hello, key);
  CHECK(wire.size() == header_size + 1 + key.size());
  auto tail = encode_frame(frame_type::stats_request, {});
  wire.insert(wire.end(), tail.begin(), tail.end());
  auto r = decode_frame(wire);
  REQUIRE(r);
  REQUIRE(r->has_value());
  const frame& f = **r;
  CHECK(f.type == frame_type::hello);
  CHECK(bytes(f.payload.data, f.payload.data + f.payload.size) == key);
  CHECK(f.size == header_size + 1 + key.size());
  auto second = decode_frame({wire.data() + f.size, wire.size() - f.size});
  REQUIRE(second);
  REQUIRE(second->has_value());
  CHECK((*second)->type == frame_type::stats_request);
  CHECK((*second)->payload.size == 0);
}

TEST_CASE("every strict prefix of a valid frame is incomplete, not an error") {
  auto wire = encode_frame(frame_type::packet, bytes(100, 7));
  for (std::size_t n = 0; n < wire.size(); ++n) {
    auto r = decode_frame({wire.data(), n});
    CAPTURE(n);
    REQUIRE(r);
    CHECK_FALSE(r->has_value());
  }
  CHECK(decode_frame(bytes_view{}));
}

TEST_CASE("invalid headers are refused as soon as they are seen") {
  CHECK(error_of(from({0, 0, 0, 0})) == codec_errc::empty_frame);
  // 1 + max_payload_size is the largest length; one more is refused from the header alone.
  const std::uint32_t too_long = 2 + max_payload_size;
  CHECK(error_of(from({0, 0, int(too_long >> 8), int(too_long & 0xff)})) == codec_errc::oversized);
  CHECK(error_of(from({0xff, 0xff, 0xff, 0xff})) == codec_errc::oversized);
  CHECK(error_of(from({0, 0, 0, 1, 0})) == codec_errc::unknown_type);
  CHECK(error_of(from({0, 0, 0, 1, 10})) == codec_errc::unknown_type);
  CHECK(error_of(from({0, 0, 0, 1, 0xff})) == codec_errc::unknown_type);
}

TEST_CASE("payload sizes are checked per type") {
  auto size_error = [](frame_type t, std::size_t n) {
    auto wire = encode_frame(t, bytes(n, 1));
    wire.resize(header_size + 1); // the verdict needs only the header and the type
    auto r = decode_frame(wire);
    return !r && r.err() == codec_errc::bad_payload_size;
  };
  CHECK(size_error(frame_type::hello, 0));
  CHECK(size_error(frame_type::hello, max_hello_size + 1));
  CHECK_FALSE(size_error(frame_type::hello, max_hello_size));
  CHECK(size_error(frame_type::packet, 0));
  CHECK_FALSE(size_error(frame_type::packet, max_payload_size));
  CHECK(size_error(frame_type::stats_request, 1));
  CHECK(size_error(frame_type::accepted, 0));
  CHECK_FALSE(size_error(frame_type::accepted, packet_id_size));
  CHECK(size_error(frame_type::rejected, 1));
  CHECK(size_error(frame_type::rejected, packet_id_size));
  CHECK_FALSE(size_error(frame_type::rejected, 1 + packet_id_size));
  CHECK(size_error(frame_type::challenge, cookie_size - 1));
  CHECK_FALSE(size_error(frame_type::challenge, cookie_size));
  CHECK(size_error(frame_type::stats, stats_payload_size - 1));
  CHECK_FALSE(size_error(frame_type::stats, stats_payload_size));
  CHECK_FALSE(size_error(frame_type::welcome, 0));
  CHECK_FALSE(size_error(frame_type::welcome, max_payload_size));
  // A bye is empty (TCP) or a sealed packet: more than its epoch and counter.
  CHECK_FALSE(size_error(frame_type::bye, 0));
  CHECK(size_error(frame_type::bye, 1));
  CHECK(size_error(frame_type::bye, packet_header_size));
  CHECK_FALSE(size_error(frame_type::bye, packet_header_size + 16));
}

TEST_CASE("a datagram is exactly one frame: a part of one or bytes after it are refused") {
  auto wire = encode_frame(frame_type::packet, bytes(40, 3));
  auto r = decode_datagram(wire);
  REQUIRE(r);
  CHECK(r->type == frame_type::packet);
  CHECK(r->payload.size == 40);
  auto shorter = decode_datagram({wire.data(), wire.size() - 1});
  REQUIRE_FALSE(shorter);
  CHECK(shorter.err() == codec_errc::not_one_frame);
  wire.push_back(0);
  auto longer = decode_datagram(wire);
  REQUIRE_FALSE(longer);
  CHECK(longer.err() == codec_errc::not_one_frame);
  auto bad = decode_datagram(from({0, 0, 0, 0}));
  REQUIRE_FALSE(bad);
  CHECK(bad.err() == codec_errc::empty_frame);
  CHECK_FALSE(decode_datagram(bytes_view{}));
}

TEST_CASE("stats survive the round trip and a wrong size is refused") {
  server_stats s{1, 2, 3, 4, 5, 6, 0x0102030405060708ull, 8, 9, 10, 11};
  auto payload = encode_stats(s);
  CHECK(payload.size() == stats_payload_size);
  auto back = decode_stats(payload);
  REQUIRE(back);
  CHECK(back->sessions_open == 1);
  CHECK(back->sessions_opened == 2);
  CHECK(back->packets_delivered == 3);
  CHECK(back->packets_accepted == 4);
  CHECK(back->packets_malformed == 5);
  CHECK(back->packets_forged == 6);
  CHECK(back->protocol_errors == 0x0102030405060708ull);
  CHECK(back->packets_duplicate == 8);
  CHECK(back->packets_too_old == 9);
  CHECK(back->udp_addresses == 10);
  payload.pop_back();
  CHECK_FALSE(decode_stats(payload));
  CHECK_FALSE(decode_stats({}));
}

TEST_CASE("random input never reads outside its view: each verdict is consistent") {
  std::mt19937 rng{12345};
  for (int round = 0; round < 20000; ++round) {
    // Mostly small lengths, so that whole frames occur too.
    bytes in(rng() % 64);
    for (auto& b : in)
      b = static_cast<std::uint8_t>(rng());
    if (in.size() >= 4 && rng() % 2 == 0) {
      in[0] = in[1] = 0;
      in[2] = static_cast<std::uint8_t>(rng() % 2);
    }
    auto r = decode_frame(in);
    if (!r)
      CHECK(to_string(r.err()) != "unknown");
    if (r && r->has_value()) {
      const frame& f = **r;
      CHECK(f.size <= in.size());
      CHECK(f.payload.data == in.data() + header_size + 1);
      CHECK(f.size == header_size + 1 + f.payload.size);
    }
  }
}

TEST_CASE("a verdict names its packet by epoch, counter and tag's end, and round-trips") {
  bytes packet{3, 0, 0, 0, 0, 0, 0, 1, 2, 0xaa, 0xbb, 1, 2, 3, 4, 5, 6, 7, 8};
  auto id = id_of_packet(packet);
  CHECK(id.epoch == 3);
  CHECK(id.counter == 0x102);
  CHECK(id.echo == 0x0102030405060708ull);
  for (auto reason : {std::optional<rejection_reason>{}, std::optional{rejection_reason::forged},
                      std::optional{rejection_reason::too_old}}) {
    auto wire = encode_verdict(reason, id);
    CHECK(wire.size() <= max_verdict_frame_size);
    auto f = decode_datagram(wire);
    REQUIRE(f);
    auto v = decode_verdict(*f);
    REQUIRE(v);
    CHECK(v->reason == reason);
    CHECK(v->id == id);
  }
  // A packet too short to hold a name is named by the bytes it has.
  bytes tiny{7, 1};
  CHECK(id_of_packet(tiny) == packet_id{7, 0x0100000000000000ull, 0x0701});
}

TEST_CASE("packets that differ only in their tag's end have different names") {
  bytes a(40, 9), b(40, 9);
  b.back() ^= 1;
  CHECK_FALSE(id_of_packet(a) == id_of_packet(b));
  // So a verdict naming one is not a verdict on the other.
  const auto wire = encode_verdict(std::nullopt, id_of_packet(b));
  auto f = decode_datagram(wire);
  REQUIRE(f);
  auto v = decode_verdict(*f);
  REQUIRE(v);
  CHECK_FALSE(v->id == id_of_packet(a));
}

TEST_CASE("a rejection with an unknown reason is not a verdict") {
  bytes payload(1 + packet_id_size, 0);
  for (int reason : {0, 5, 0xff}) {
    payload[0] = static_cast<std::uint8_t>(reason);
    const auto wire = encode_frame(frame_type::rejected, payload);
    auto f = decode_datagram(wire);
    REQUIRE(f);
    CHECK_FALSE(decode_verdict(*f));
  }
}
