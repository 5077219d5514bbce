// Fuzz target: the game server's frame decoder (examples/game_server). The
// input is a TCP byte stream after one byte that sets how it arrives in
// pieces. Besides "never crashes, reads only its input":
//  - each frame decoded re-encodes to exactly the bytes it came from, and
//    every shorter prefix of it decodes as "incomplete", never as an error;
//  - a stats payload decodes and re-encodes to itself;
//  - a verdict (accepted, or rejected for a known reason) decodes and
//    re-encodes to itself and fits in max_verdict_frame_size; a rejection
//    for an unknown reason is no verdict;
//  - a packet's name (id_of_packet) is its first 9 and last 8 bytes;
//  - frame_reader, fed the same stream in pieces, gives the same frames and
//    stops at the same error.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <vector>

#include "examples/game_server/frame_reader.hpp"
#include "tests/fuzz/fuzz_input.hpp"

using namespace game;

namespace {

[[noreturn]] void fail(const char* what) {
  std::fprintf(stderr, "fuzz packet: %s\n", what);
  std::abort();
}

struct decoded {
  frame_type type;
  bytes payload;
  bool operator==(const decoded& o) const { return type == o.type && payload == o.payload; }
};

bool incomplete(bytes_view in) {
  auto r = decode_frame(in);
  return r && !r->has_value();
}

/// A verdict frame `f` (its bytes `wire`) decodes unless its reason is
/// unknown, and then re-encodes to `wire`.
void check_verdict(const frame& f, bytes_view wire) {
  auto v = decode_verdict(f);
  const bool known = f.type == frame_type::accepted
                     || (f.payload.data[0] >= 1 && f.payload.data[0] <= 4);
  if (v.has_value() != known)
    fail("a verdict's reason decides wrongly whether it decodes");
  if (!v)
    return;
  const bytes again = encode_verdict(v->reason, v->id);
  if (again != bytes(wire.data, wire.data + wire.size) || again.size() > max_verdict_frame_size)
    fail("a verdict does not re-encode to its bytes within max_verdict_frame_size");
}

/// A packet's name: its epoch and counter, then its last 8 bytes.
void check_packet_name(bytes_view packet) {
  const auto id = id_of_packet(packet);
  bytes name(packet_id_size, 0);
  for (std::size_t i = 0; i < packet.size && i < packet_header_size; ++i)
    name[i] = packet.data[i];
  for (std::size_t i = 0; i < packet.size && i < tag_echo_size; ++i)
    name[packet_id_size - 1 - i] = packet.data[packet.size - 1 - i];
  const auto wire = encode_verdict(std::nullopt, id);
  if (!std::equal(name.begin(), name.end(), wire.end() - packet_id_size))
    fail("a packet's name is not its first 9 and last 8 bytes");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  actorbench::fuzz::fuzz_input input{data, size};
  const std::size_t piece = input.byte() + 1;
  const bytes stream = input.rest();

  // Decoding straight through, as if the whole stream had arrived at once.
  std::vector<decoded> frames;
  std::optional<codec_errc> error;
  for (std::size_t pos = 0; pos < stream.size();) {
    const bytes_view rest{stream.data() + pos, stream.size() - pos};
    auto r = decode_frame(rest);
    if (!r) {
      error = r.err();
      break;
    }
    if (!r->has_value())
      break;
    const frame& f = **r;
    if (f.size != header_size + 1 + f.payload.size || f.size > rest.size
        || f.payload.data != rest.data + header_size + 1)
      fail("a frame's size or payload does not match its place in the input");
    if (encode_frame(f.type, f.payload) != bytes(rest.data, rest.data + f.size))
      fail("a decoded frame does not re-encode to its bytes");
    if (!incomplete({rest.data, f.size - 1}) || !incomplete({rest.data, header_size}))
      fail("a prefix of a valid frame is not 'incomplete'");
    if (f.type == frame_type::stats) {
      auto s = decode_stats(f.payload);
      if (!s || encode_stats(*s) != bytes(f.payload.data, f.payload.data + f.payload.size))
        fail("a stats payload does not round-trip");
    }
    if (f.type == frame_type::accepted || f.type == frame_type::rejected)
      check_verdict(f, {rest.data, f.size});
    if (f.type == frame_type::packet)
      check_packet_name(f.payload);
    frames.push_back({f.type, bytes(f.payload.data, f.payload.data + f.payload.size)});
    pos += f.size;
  }

  // The same stream arriving `piece` bytes at a time.
  frame_reader reader;
  std::vector<decoded> read;
  std::optional<codec_errc> read_error;
  for (std::size_t pos = 0; pos < stream.size() && !read_error; pos += piece) {
    const std::size_t n = std::min(piece, stream.size() - pos);
    reader.append(reinterpret_cast<const char*>(stream.data() + pos), n);
    read_error = reader.drain([&](const frame& f) {
      read.push_back({f.type, bytes(f.payload.data, f.payload.data + f.payload.size)});
      return true;
    });
  }
  if (read != frames || read_error != error)
    fail("frame_reader and decode_frame disagree");
  return 0;
}
