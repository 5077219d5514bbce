// The load generator's probe of the server's counters: a broker that sends
// one stats request and reads the one reply.

#include <chrono>
#include <memory>
#include <optional>

#include <caf/io/broker.hpp>
#include <caf/io/middleman.hpp>
#include <caf/io/system_messages.hpp>
#include <caf/send.hpp>

#include "actors/runtime/countdown_latch.hpp"
#include "frame_reader.hpp"
#include "load_stats_probe.hpp"

using namespace actorbench;

namespace game::load_generator {

namespace {

/// One stats request over TCP (a UDP server serves stats on its TCP port only).
caf::behavior stats_probe(caf::io::broker* self, caf::io::connection_handle to,
                          std::shared_ptr<std::optional<game::server_stats>> out,
                          std::shared_ptr<actors::countdown_latch> done) {
  auto frame = game::encode_frame(game::frame_type::stats_request, {});
  auto ask = [self, to, frame] {
    auto tcp = to;
    self->configure_read(tcp, caf::io::receive_policy::at_most(1024));
    self->wr_buf(tcp).assign(frame.begin(), frame.end());
    self->flush(tcp);
  };
  ask();
  auto reader = std::make_shared<game::frame_reader>();
  auto finish = [self, done] {
    self->quit();
    done->count_down();
  };
  // Any other frame is not the answer: skipped, the answer may follow.
  auto on_frame = [out](const game::frame& f) {
    if (f.type != game::frame_type::stats)
      return true;
    *out = game::decode_stats(f.payload);
    return false;
  };
  return {
    [=](const caf::io::new_data_msg& msg) {
      reader->append(msg.buf.data(), msg.buf.size());
      auto bad = reader->drain(on_frame);
      if (bad || out->has_value())
        finish();
    },
    [=](const caf::io::connection_closed_msg&) { finish(); },
  };
}

} // namespace

game::parsed<game::server_stats> ask_stats(caf::actor_system& sys, game::transport,
                                           const std::string& host, std::uint16_t port) {
  auto out = std::make_shared<std::optional<game::server_stats>>();
  auto done = std::make_shared<actors::countdown_latch>(1);
  auto p = sys.middleman().spawn_client(stats_probe, host, port, out, done);
  if (!p)
    return "cannot connect: " + sys.render(p.error());
  caf::actor probe = *p;
  if (!done->wait_for(std::chrono::seconds{5})) {
    caf::anon_send_exit(probe, caf::exit_reason::user_shutdown);
    return std::string{"no answer to a stats request within 5 s"};
  }
  if (!out->has_value())
    return std::string{"no valid answer to a stats request"};
  return **out;
}

} // namespace game::load_generator
