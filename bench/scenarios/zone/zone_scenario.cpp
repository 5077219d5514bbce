#include "bench/scenarios/zone/zone_scenario.hpp"

#include <algorithm>
#include <variant>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/zone/zone_protocol.hpp"
#include "bench/scenarios/zone/zone_run.hpp"
#include "bench/harness/search_answer.hpp"
#include "bench/scenarios/zone/zone_cipher.hpp"
#include "bench/scenarios/zone/zone_session.hpp"
#include "bench/scenarios/zone/zone_view.hpp"

namespace actorbench::bench {

namespace {

// Who plays and what their packets are.
void declare_players(declaration& d) {
  d.integer("players")
    .range(1, 100'000'000)
    .def("1000")
    .unit("players")
    .help(
      "Players, each with a session actor (refused up front if they cannot fit in memory); "
      "with --find-max, where the search starts");
  // Above 1000 Hz the budget is under a millisecond, less than one
  // scheduler time slice: no longer a game server's tick.
  d.integer("tick-hz").range(1, 1000).def("20").unit("Hz").help("Ticks per second");
  d.word("crypto", {"off", "on"})
    .def("on")
    .help(
      "on: input packets encrypted with an AEAD cipher, decrypted and tag-checked by each "
      "session; off: plaintext packets");
  d.word("backend", backend_words())
    .def_help("the first offering the cipher")
    .only_if("crypto", {"on"})
    .help(
      "Crypto library with --crypto on: a list, or all (every available one offering the "
      "cipher; see --list)");
  d.word("cipher", aead_cipher_words())
    .word_aliases(cipher_alias_words(true))
    .def("aes-128-gcm")
    .only_if("crypto", {"on"})
    .help("AEAD cipher with --crypto on (see --list)");
  // A UDP datagram's payload is at most 65,507 bytes, nonce and tag included.
  d.size("payload-bytes")
    .range(static_cast<std::int64_t>(actors::player_input_size), 65'000)
    .def("16")
    .unit("bytes")
    .help(
      "Plaintext bytes of each input packet: the 16-byte input (tick, player, position), then "
      "padding, to model a game's packet size; each session decrypts all of it");
}

// How long a run goes, on how many threads, and the search.
void declare_schedule(declaration& d) {
  d.integer("threads")
    .range(1, 1024)
    .def_help("one per core")
    .unit("threads")
    .help("Scheduler threads");
  // Empty default: refine() makes it 10 s, or 5 s per probe of a search.
  d.duration("duration")
    .range(1'000'000'000, 86'400'000'000'000)
    .def_help("10, or 5 per probe with --find-max")
    .unit("s")
    .fixed()
    .run_length()
    .help("Seconds of ticks per run, or per probe of --find-max");
  d.duration("timeout")
    .range(1'000'000'000, 3'600'000'000'000)
    .def("10")
    .unit("s")
    .fixed()
    .help("Seconds a tick may take before the run fails");
  // The flag of declaration::search: a parameter, so the command line,
  // --config and the results carry it like any other.
  d.flag("find-max")
    .def("off")
    .fixed()
    .help("Search for the capacity: the largest player count whose probes keep up (p99 under "
          "the tick budget, at most 1% of ticks missed) with probability --keep-up, printing "
          "each probe; "
          + search_rule_text(search_rule{}));
  d.integer("keep-up")
    .range(50, 99)
    .def("90")
    .unit("%")
    .fixed()
    .help("With --find-max: the capacity is the largest player count whose probes keep up in at "
          "least this percent of tries");
  d.integer("confidence")
    .range(50, 99)
    .def("90")
    .unit("%")
    .fixed()
    .help("With --find-max: the level of the capacity's interval, in percent");
  d.integer("max-probes")
    .range(4, 1000)
    .def("40")
    .unit("probes")
    .fixed()
    .help("With --find-max: the most probes; a search that has not narrowed its interval by "
          "then ends unresolved");
}

void declare_results(declaration& d) {
  d.metric("latency_s", "s")
    .title("tick latency")
    .headline()
    .per_event(reduction::p99)
    .help(
      "Per tick: from its start (input packets handed to the sessions) until the zone has "
      "every input and every session has handled the state update");
  d.metric("fan_in_s", "s")
    .per_event(reduction::median)
    .help("Per tick: from its start until the zone has every player's input");
  d.metric("start_lag_s", "s")
    .per_event(reduction::max)
    .help("Per tick: from its slot's start to its own (late when the previous tick overran)");
  d.metric("missed", "").help("Ticks complete after their 1/H slot ended, and slots skipped");
  d.metric("cores_used", "").help("Process CPU seconds over wall seconds during the ticks");
  d.check("dropped_inputs", "Input packets a session dropped (malformed or bad tag)");
  d.check("refused_inputs", "Inputs the zone refused (wrong player, tick or undecodable)");
  d.check("stale_updates", "State updates repeated or out of order");
  d.check("state_mismatches", "State updates not showing a player where its client moved");
  d.check("missing_updates", "Ticks (warm-up included) not every player handled the update of");
}

declaration make_declaration() {
  declaration d{"zone",
                "A game zone (an MMO server's): each tick every player session decrypts its input "
                "packet and sends its position to a zone actor, which broadcasts the state to "
                "every player; tick latency percentiles and missed ticks, or --find-max players"};
  declare_players(d);
  declare_schedule(d);
  declare_results(d);
  d.defaults.runs = 1;
  d.defaults.warmup = 0;
  d.search = search_decl{"players", "find-max", 0.05};
  return d;
}

// "One per core" made a number, so tables and JSON say what ran.
void resolve_threads(configuration& c) {
  auto at = c.values.find("threads");
  if (at == c.values.end() || std::holds_alternative<std::string>(at->second))
    c.values["threads"] = static_cast<std::int64_t>(actors::available_cores());
  auto& na = c.not_applicable;
  na.erase(std::remove(na.begin(), na.end(), "threads"), na.end());
}

class zone_scenario : public scenario {
 public:
  const declaration& declared() const override { return declared_; }

  result<std::vector<configuration>> refine(std::vector<configuration> plan) const override {
    for (auto& c : plan) {
      if (!c.applies("duration"))
        c.values["duration"] = c.flag("find-max") ? 5.0 : 10.0;
    }
    return keep_zone_ciphers(std::move(plan));
  }

  std::optional<memory_estimate> memory(const configuration& c) const override {
    auto cipher = resolve_zone_cipher(c);
    if (!cipher)
      return {};
    // The bytes per player include the input packets of every tick.
    auto per_player = actors::zone_bytes_per_player(*cipher->second, zone_ticks_of(c),
                                                    zone_payload_bytes(c));
    return memory_estimate{"players", static_cast<std::uint64_t>(c.integer("players")), "players",
                           "player", per_player};
  }

  result<std::unique_ptr<scenario_session>> start(std::vector<configuration>& plan) const override {
    by_name<cipher_choice> ciphers;
    for (auto& c : plan) {
      resolve_threads(c);
      auto cipher = resolve_zone_cipher(c);
      if (!cipher)
        return cipher.err();
      ciphers.emplace(zone_cipher_key(c), *cipher);
    }
    return std::unique_ptr<scenario_session>{std::make_unique<zone_session>(std::move(ciphers))};
  }

  std::vector<const view*> views() const override { return {&zone_table_view()}; }

  std::string verdict(const scenario_results& r) const override { return zone_verdict(r); }

 private:
  declaration declared_ = make_declaration();
};

} // namespace

std::unique_ptr<scenario> make_zone_scenario() {
  return std::make_unique<zone_scenario>();
}

} // namespace actorbench::bench
