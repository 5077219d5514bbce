#include "bench/scenarios/pingpong/pingpong_actors.hpp"

#include <algorithm>
#include <cstdint>

#include <caf/actor_cast.hpp>
#include <caf/exit_reason.hpp>
#include <caf/sec.hpp>

#include "bench/scenarios/shared/lean_actor.hpp"

namespace actorbench::actors {

namespace {

constexpr std::uint64_t max_samples_reserved = 1'000'000;

using clock = std::chrono::steady_clock;

class pong_actor : public lean_actor {
 public:
  pong_actor(caf::actor_config& actor_cfg, pong_config cfg)
    : lean_actor(actor_cfg),
      cfg_(std::move(cfg)),
      sealer_(cfg_.keys, cfg_.sender),
      opener_(cfg_.keys) {}

 protected:
  void on_message(caf::mailbox_element& e) override {
    auto& content = e.content();
    if (holds<std::uint64_t>(content)) {
      send_to(ping(), echo(content.get_as<std::uint64_t>(0)));
    } else if (holds<std::uint64_t, sealed_payload>(content)) {
      // A forged or replayed payload is counted by the opener; the echo
      // still goes back, so the run ends and reports it.
      opener_.open(content.get_as<sealed_payload>(1));
      auto reply = sealer_.seal();
      if (!reply)
        return quit(caf::make_error(caf::sec::runtime_error, reply.err().detail));
      send_to(ping(), echo(content.get_as<std::uint64_t>(0)), std::move(*reply));
    } else if (content.match_elements<pingpong_done_atom>()) {
      // The counts, for a ping whose pong is on another node.
      send_to(ping(), pingpong_done_atom::value, handled_, opener_.forged(), opener_.replayed());
      quit();
    }
  }

  void on_down(const caf::down_msg&) override { quit(); }

  // The ping and pong hold each other: let go at exit, and report the
  // crypto counts while the keys are sure to be alive.
  void on_exit() override {
    ping_ = nullptr;
    sealer_ = message_sealer{};
    opener_ = message_opener{};
  }

 private:
  // The ping is whoever sent the first message. On a node the pong watches
  // it, so a driver that goes away leaves nothing behind.
  const caf::actor& ping() {
    if (!ping_) {
      ping_ = caf::actor_cast<caf::actor>(current_sender());
      if (cfg_.remote)
        monitor(ping_);
    }
    return ping_;
  }

  std::uint64_t echo(std::uint64_t i) {
    ++handled_;
    return cfg_.fault == suite_fault::miscount && i == cfg_.fault_at ? i + 1 : i;
  }

  pong_config cfg_;
  message_sealer sealer_;
  message_opener opener_;
  caf::actor ping_;
  std::uint64_t handled_ = 0;
};

class ping_actor : public lean_actor {
 public:
  ping_actor(caf::actor_config& actor_cfg, ping_config cfg)
    : lean_actor(actor_cfg),
      cfg_(std::move(cfg)),
      sealer_(cfg_.keys, cfg_.sender),
      opener_(cfg_.keys) {
    // Room for every sample up front, up to a million: 10^10 round trips
    // would otherwise reserve 10 GB, which AddressSanitizer poisons (30 s).
    latency_s_.reserve(std::min<std::uint64_t>(cfg_.round_trips / cfg_.sample_every + 1,
                                                max_samples_reserved));
  }

 protected:
  void on_start() override {
    monitor(cfg_.pong);
    if (cfg_.round_trips == 0)
      return finish();
    send_next();
  }

  void on_message(caf::mailbox_element& e) override {
    auto& content = e.content();
    if (holds<std::uint64_t>(content)) {
      on_echo(content.get_as<std::uint64_t>(0));
    } else if (holds<std::uint64_t, sealed_payload>(content)) {
      opener_.open(content.get_as<sealed_payload>(1));
      on_echo(content.get_as<std::uint64_t>(0));
    } else if (content.match_elements<pingpong_done_atom, std::uint64_t, std::uint64_t,
                                      std::uint64_t>()) {
      on_counts(content.get_as<std::uint64_t>(1), content.get_as<std::uint64_t>(2),
                content.get_as<std::uint64_t>(3));
    }
  }

  void on_down(const caf::down_msg& down) override {
    finish("pong " + std::to_string(cfg_.pair) + " went down after " + std::to_string(next_)
             + " round trips: " + to_string(down.reason),
           errc::node_failure);
  }

  void on_exit() override {
    cfg_.pong = nullptr;
    cfg_.board.reset();
    sealer_ = message_sealer{};
    opener_ = message_opener{};
  }

 private:
  // With crypto off a forged or replayed message is a wrong number: the
  // echo check counts it.
  std::uint64_t plain_number(std::uint64_t i) const {
    if (i != cfg_.fault_at)
      return i;
    if (cfg_.fault == suite_fault::forge)
      return i ^ (std::uint64_t{1} << 40);
    if (cfg_.fault == suite_fault::replay)
      return i - 1;
    return i;
  }

  // Seals round trip i's payload, forging it or replaying the previous one
  // when the fault says so.
  result<sealed_payload> payload(std::uint64_t i) {
    if (cfg_.fault == suite_fault::replay && i == cfg_.fault_at)
      return kept_;
    auto p = sealer_.seal();
    if (!p)
      return p;
    if (cfg_.fault == suite_fault::forge && i == cfg_.fault_at)
      forge(*p);
    if (cfg_.fault == suite_fault::replay && i + 1 == cfg_.fault_at)
      kept_ = *p;
    return p;
  }

  void send_next() {
    const auto i = next_;
    if (i % cfg_.sample_every == 0)
      sent_at_ = clock::now();
    if (!cfg_.keys->on())
      return send_to(cfg_.pong, plain_number(i));
    auto p = payload(i);
    if (!p)
      return finish("ping " + std::to_string(cfg_.pair) + ": " + p.err().detail);
    send_to(cfg_.pong, i, std::move(*p));
  }

  void on_echo(std::uint64_t echo) {
    const auto i = next_;
    if (i % cfg_.sample_every == 0)
      latency_s_.push_back(std::chrono::duration<double>(clock::now() - sent_at_).count());
    if (echo != i)
      ++mismatches_;
    next_ = i + 1;
    if ((next_ & 0xfff) == 0)
      cfg_.board->progress(cfg_.pair, next_);
    if (next_ < cfg_.round_trips)
      return send_next();
    // A remote pong's counts come back first: its forged and replayed
    // payloads count like local ones, and it must have echoed every round
    // trip.
    if (cfg_.remote_pong)
      return send_to(cfg_.pong, pingpong_done_atom::value);
    finish();
  }

  void on_counts(std::uint64_t handled, std::uint64_t forged, std::uint64_t replayed) {
    if (cfg_.keys->on())
      cfg_.keys->add_calls(handled, handled);
    cfg_.keys->add_rejects(forged, replayed);
    if (handled != cfg_.round_trips)
      ++mismatches_;
    finish();
  }

  void finish(std::string failure = {}, errc code = errc::crypto_failure) {
    if (finished_)
      return;
    finished_ = true;
    pingpong_pair_result r;
    r.round_trips = next_;
    r.mismatches = mismatches_;
    r.finished = clock::now();
    r.latency_s = std::move(latency_s_);
    r.failure = std::move(failure);
    r.failure_code = code;
    cfg_.board->finish(cfg_.pair, std::move(r));
    if (!cfg_.remote_pong)
      send_exit(cfg_.pong, caf::exit_reason::user_shutdown);
    quit();
  }

  ping_config cfg_;
  message_sealer sealer_;
  message_opener opener_;
  /// The round trip in flight.
  std::uint64_t next_ = 0;
  std::uint64_t mismatches_ = 0;
  clock::time_point sent_at_;
  std::vector<double> latency_s_;
  /// The payload kept for suite_fault::replay.
  sealed_payload kept_;
  bool finished_ = false;
};

} // namespace

caf::actor spawn_pong(caf::actor_system& system, pong_config cfg) {
  return system.spawn<pong_actor>(std::move(cfg));
}

caf::actor spawn_ping(caf::actor_system& system, ping_config cfg) {
  return system.spawn<ping_actor>(std::move(cfg));
}

} // namespace actorbench::actors
