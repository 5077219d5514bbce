#include "packet_codec.hpp"

namespace game {

namespace {

/// Whether a payload of `n` bytes is allowed for `type`; false for unknown types.
bool payload_size_ok(std::uint8_t type, std::size_t n) noexcept {
  switch (static_cast<frame_type>(type)) {
    case frame_type::hello:
      return n >= 1 && n <= max_hello_size;
    case frame_type::packet:
      return n >= 1 && n <= max_payload_size;
    case frame_type::welcome:
      return n <= max_payload_size;
    case frame_type::stats_request:
      return n == 0;
    case frame_type::bye:
      // Empty (a TCP client's), or the server's sealed packet (UDP).
      return n == 0 || (n > packet_header_size && n <= max_payload_size);
    case frame_type::accepted:
      return n == packet_id_size;
    case frame_type::rejected:
      return n == 1 + packet_id_size;
    case frame_type::challenge:
      return n == cookie_size;
    case frame_type::stats:
      return n == stats_payload_size;
  }
  return false;
}

bool known_type(std::uint8_t type) noexcept {
  return type >= static_cast<std::uint8_t>(frame_type::hello)
         && type <= static_cast<std::uint8_t>(frame_type::challenge);
}

bool known_reason(std::uint8_t reason) noexcept {
  return reason >= static_cast<std::uint8_t>(rejection_reason::malformed)
         && reason <= static_cast<std::uint8_t>(rejection_reason::too_old);
}

void put_u64(bytes& out, std::uint64_t x) {
  for (int shift = 56; shift >= 0; shift -= 8)
    out.push_back(static_cast<std::uint8_t>(x >> shift));
}

std::uint64_t get_u64(const std::uint8_t* p) noexcept {
  std::uint64_t x = 0;
  for (int i = 0; i < 8; ++i)
    x = (x << 8) | p[i];
  return x;
}

} // namespace

std::string_view to_string(codec_errc code) noexcept {
  switch (code) {
    case codec_errc::empty_frame:
      return "empty_frame";
    case codec_errc::oversized:
      return "oversized";
    case codec_errc::unknown_type:
      return "unknown_type";
    case codec_errc::bad_payload_size:
      return "bad_payload_size";
    case codec_errc::not_one_frame:
      return "not_one_frame";
  }
  return "unknown";
}

actorbench::crypto::result<std::optional<frame>, codec_errc> decode_frame(bytes_view in) noexcept {
  if (in.data == nullptr || in.size < header_size)
    return std::optional<frame>{};
  const std::uint8_t* p = in.data;
  const std::uint32_t length = (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16)
                               | (std::uint32_t{p[2]} << 8) | std::uint32_t{p[3]};
  if (length == 0)
    return codec_errc::empty_frame;
  if (length - 1 > max_payload_size)
    return codec_errc::oversized;
  if (in.size == header_size)
    return std::optional<frame>{};
  const std::uint8_t type = p[header_size];
  if (!known_type(type))
    return codec_errc::unknown_type;
  const std::size_t payload_size = length - 1;
  if (!payload_size_ok(type, payload_size))
    return codec_errc::bad_payload_size;
  const std::size_t total = header_size + length;
  if (in.size < total)
    return std::optional<frame>{};
  return std::optional<frame>{
    frame{static_cast<frame_type>(type), bytes_view{p + header_size + 1, payload_size}, total}};
}

actorbench::crypto::result<frame, codec_errc> decode_datagram(bytes_view in) noexcept {
  auto r = decode_frame(in);
  if (!r)
    return r.err();
  if (!r->has_value() || (*r)->size != in.size)
    return codec_errc::not_one_frame;
  return **r;
}

bytes encode_frame(frame_type type, bytes_view payload) {
  const auto length = static_cast<std::uint32_t>(payload.size + 1);
  bytes out;
  out.reserve(header_size + length);
  for (int shift = 24; shift >= 0; shift -= 8)
    out.push_back(static_cast<std::uint8_t>(length >> shift));
  out.push_back(static_cast<std::uint8_t>(type));
  if (payload.size > 0)
    out.insert(out.end(), payload.data, payload.data + payload.size);
  return out;
}

packet_id id_of_packet(bytes_view packet) noexcept {
  const std::size_t n = packet.data != nullptr ? packet.size : 0;
  std::uint8_t head[packet_header_size] = {};
  for (std::size_t i = 0; i < n && i < packet_header_size; ++i)
    head[i] = packet.data[i];
  std::uint8_t tail[tag_echo_size] = {};
  const std::size_t from = n < tag_echo_size ? 0 : n - tag_echo_size;
  for (std::size_t i = from; i < n; ++i)
    tail[tag_echo_size - (n - i)] = packet.data[i];
  return packet_id{head[0], get_u64(head + 1), get_u64(tail)};
}

bytes encode_verdict(std::optional<rejection_reason> reason, const packet_id& id) {
  std::uint8_t payload[1 + packet_id_size];
  std::size_t n = 0;
  if (reason)
    payload[n++] = static_cast<std::uint8_t>(*reason);
  payload[n++] = id.epoch;
  for (auto x : {id.counter, id.echo})
    for (int shift = 56; shift >= 0; shift -= 8)
      payload[n++] = static_cast<std::uint8_t>(x >> shift);
  return encode_frame(reason ? frame_type::rejected : frame_type::accepted, {payload, n});
}

std::optional<verdict_frame> decode_verdict(const frame& f) noexcept {
  const std::uint8_t* p = f.payload.data;
  if (f.type == frame_type::accepted && f.payload.size == packet_id_size)
    return verdict_frame{std::nullopt, packet_id{p[0], get_u64(p + 1), get_u64(p + 9)}};
  if (f.type == frame_type::rejected && f.payload.size == 1 + packet_id_size && known_reason(p[0]))
    return verdict_frame{static_cast<rejection_reason>(p[0]),
                         packet_id{p[1], get_u64(p + 2), get_u64(p + 10)}};
  return std::nullopt;
}

bytes encode_stats(const server_stats& s) {
  bytes out;
  out.reserve(stats_payload_size);
  for (auto x : {s.sessions_open, s.sessions_opened, s.packets_delivered, s.packets_accepted,
                 s.packets_malformed, s.packets_forged, s.protocol_errors, s.packets_duplicate,
                 s.packets_too_old, s.udp_addresses, s.udp_dropped})
    put_u64(out, x);
  return out;
}

std::optional<server_stats> decode_stats(bytes_view payload) noexcept {
  if (payload.data == nullptr || payload.size != stats_payload_size)
    return std::nullopt;
  const std::uint8_t* p = payload.data;
  server_stats s;
  for (auto* field : {&s.sessions_open, &s.sessions_opened, &s.packets_delivered,
                      &s.packets_accepted, &s.packets_malformed, &s.packets_forged,
                      &s.protocol_errors, &s.packets_duplicate, &s.packets_too_old,
                      &s.udp_addresses, &s.udp_dropped}) {
    *field = get_u64(p);
    p += 8;
  }
  return s;
}

} // namespace game
