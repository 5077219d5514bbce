// A scenario of your own on actorbench's harness: a chat room broadcasts
// each message to every member, and every member acknowledges it. The
// declaration says what can vary and what is measured; bench::main gives
// the rest: scans (--members 10,100), interleaved runs, statistics, tables,
// JSON, CSV, report, diff, --config, --help.
#include <chrono>
#include <cstddef>
#include <iostream>
#include <string>
#include <vector>

#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/after.hpp>
#include <caf/event_based_actor.hpp>
#include <caf/exit_reason.hpp>
#include <caf/scoped_actor.hpp>
#include <caf/send.hpp>

#include "bench/command/main.hpp"
#include "bench/harness/registry.hpp"

using namespace actorbench;
using clock_type = std::chrono::steady_clock;

namespace {

caf::behavior member(caf::event_based_actor* self, caf::actor listener) {
  return {[=](const std::string& text) { self->send(listener, text.size()); }};
}

caf::behavior room(caf::event_based_actor* self, std::vector<caf::actor> members) {
  return {[=](const std::string& text) {
    for (const auto& m : members)
      self->send(m, text);
  }};
}

bench::declaration chat_room() {
  bench::declaration d{"chat-room", "a room broadcasts messages to its members, who acknowledge"};
  d.integer("members").range(1, 1'000'000).def("100").unit("actors").help("members of the room");
  d.size("message-bytes").range(1, 1 << 20).def("64").unit("bytes").help("size of each message");
  d.integer("messages").range(1, 100'000).def("10").fixed().help("messages broadcast per run");
  // Durations are declared in nanoseconds: 1 ms to 1 h.
  d.duration("timeout")
    .range(1'000'000, 3'600'000'000'000)
    .def("30s")
    .fixed()
    .run_limit() // --dry-run's estimate: a run takes at most this long
    .help("longest wait for all acknowledgements");
  d.metric("delivered_s", "s")
    .title("time until every delivery")
    .headline()
    .help("first broadcast until every delivery was acknowledged");
  d.metric("deliveries_per_s", "1/s").higher_is_better().help("acknowledged deliveries per second");
  d.check("lost", "deliveries not acknowledged, or acknowledged with the wrong size");
  return d;
}

/// What came back of `expected` acknowledgements.
struct tally {
  std::size_t received = 0;
  std::size_t right_size = 0;
};

/// Waits for the acknowledgements in short slices, so that Ctrl-C
/// (ctx.stop()) or the timeout ends the wait soon, never a lost message.
tally await_acks(caf::scoped_actor& self, bench::run_context& ctx, std::size_t expected,
                 std::size_t bytes, clock_type::time_point give_up) {
  tally t;
  bool late = false;
  while (t.received < expected && !late && !ctx.stop()) {
    self->receive(
      [&](std::size_t size) {
        ++t.received;
        t.right_size += size == bytes;
      },
      caf::after(std::chrono::milliseconds(50)) >> [&] { late = clock_type::now() >= give_up; });
  }
  return t;
}

bench::result<bench::run_record> run_room(caf::actor_system& sys, bench::run_context& ctx) {
  const auto& c = ctx.config();
  const auto members = static_cast<std::size_t>(c.integer("members"));
  const auto expected = members * static_cast<std::size_t>(c.integer("messages"));
  const std::string text(c.size("message-bytes"), 'x');
  caf::scoped_actor self{sys};
  std::vector<caf::actor> everyone;
  for (std::size_t i = 0; i < members; ++i)
    everyone.push_back(sys.spawn(member, caf::actor_cast<caf::actor>(self)));
  auto hub = sys.spawn(room, everyone);

  const auto start = clock_type::now();
  for (auto m = c.integer("messages"); m > 0; --m)
    self->send(hub, text);
  const auto timeout = std::chrono::duration_cast<clock_type::duration>(
    std::chrono::duration<double>(c.seconds("timeout")));
  const auto acks = await_acks(self, ctx, expected, text.size(), start + timeout);
  const std::chrono::duration<double> elapsed = clock_type::now() - start;

  for (const auto& a : everyone)
    caf::anon_send_exit(a, caf::exit_reason::user_shutdown);
  caf::anon_send_exit(hub, caf::exit_reason::user_shutdown);
  bench::run_record r;
  r.add("delivered_s", elapsed.count());
  r.add("deliveries_per_s", static_cast<double>(acks.right_size) / elapsed.count());
  // A stopped run lost nothing: it only counts what it waited for.
  r.partial = ctx.stop() && acks.received < expected;
  r.checks["lost"] = (r.partial ? acks.received : expected) - acks.right_size;
  return r;
}

} // namespace

int main(int argc, char** argv) {
  caf::actor_system_config cfg;
  caf::actor_system sys{cfg};
  auto added = bench::default_registry().add(bench::make_scenario(
    chat_room(), [&sys](bench::run_context& ctx) { return run_room(sys, ctx); }));
  if (!added) {
    std::cerr << "custom_scenario: " << added.err().message << '\n';
    return 1;
  }
  return bench::main(argc, argv);
}
