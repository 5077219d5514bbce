#include <doctest/doctest.h>

#include <utility>
#include <vector>

#include "frame_reader.hpp"

using namespace game;

namespace {

using decoded = std::vector<std::pair<frame_type, bytes>>;

bytes stream_of(const decoded& frames) {
  bytes out;
  for (const auto& [type, payload] : frames) {
    auto f = encode_frame(type, payload);
    out.insert(out.end(), f.begin(), f.end());
  }
  return out;
}

} // namespace

TEST_CASE("frames split into pieces of any size come out whole and in order") {
  const decoded frames{{frame_type::hello, bytes(32, 1)},
                       {frame_type::packet, bytes(300, 2)},
                       {frame_type::accepted, bytes(packet_id_size, 0)},
                       {frame_type::rejected, bytes(1 + packet_id_size, 2)},
                       {frame_type::packet, bytes(max_payload_size, 3)}};
  const auto wire = stream_of(frames);
  for (std::size_t piece : {std::size_t{1}, std::size_t{2}, std::size_t{5}, std::size_t{7},
                            std::size_t{333}, std::size_t{8192}, wire.size()}) {
    CAPTURE(piece);
    frame_reader reader;
    decoded got;
    for (std::size_t at = 0; at < wire.size(); at += piece) {
      auto n = std::min(piece, wire.size() - at);
      reader.append(reinterpret_cast<const char*>(wire.data() + at), n);
      auto err = reader.drain([&](const frame& f) {
        got.emplace_back(f.type, bytes(f.payload.data, f.payload.data + f.payload.size));
        return true;
      });
      REQUIRE_FALSE(err);
    }
    CHECK(got == frames);
  }
}

TEST_CASE("the frames before a broken header are delivered, then the error") {
  auto wire = stream_of({{frame_type::stats_request, {}}, {frame_type::accepted, bytes(packet_id_size, 0)}});
  const std::uint8_t broken[] = {0, 0, 0, 2, 10, 0};
  wire.insert(wire.end(), std::begin(broken), std::end(broken));
  frame_reader reader;
  reader.append(reinterpret_cast<const char*>(wire.data()), wire.size());
  int seen = 0;
  auto err = reader.drain([&](const frame&) { return ++seen, true; });
  CHECK(seen == 2);
  REQUIRE(err);
  CHECK(*err == codec_errc::unknown_type);
}

TEST_CASE("a callback returning false stops the drain and the rest waits") {
  auto wire = stream_of({{frame_type::accepted, bytes(packet_id_size, 0)}, {frame_type::rejected, bytes(1 + packet_id_size, 1)}});
  frame_reader reader;
  reader.append(reinterpret_cast<const char*>(wire.data()), wire.size());
  std::vector<frame_type> seen;
  CHECK_FALSE(reader.drain([&](const frame& f) { return seen.push_back(f.type), false; }));
  CHECK(seen == std::vector<frame_type>{frame_type::accepted});
  CHECK_FALSE(reader.drain([&](const frame& f) { return seen.push_back(f.type), true; }));
  CHECK(seen == std::vector<frame_type>{frame_type::accepted, frame_type::rejected});
}
