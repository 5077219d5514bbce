#include "bench/zone_options.hpp"

#include "actors/zone/zone_run.hpp"
#include "bench/common/cipher_choice.hpp"
#include "bench/harness/memory_budget.hpp"
#include "bench/harness/value_list.hpp"
#include "crypto/registry.hpp"

namespace actorbench::bench {

namespace {

constexpr std::size_t max_players = 100'000'000;
// Above 1000 Hz the budget is under a millisecond, less than one scheduler
// time slice: no longer a game server's tick.
constexpr std::size_t max_tick_hz = 1000;
constexpr std::size_t max_duration_s = 86'400;
constexpr std::size_t max_threads = 1024;
constexpr std::size_t max_timeout_s = 3600;

} // namespace

result<zone_options> validate_zone(const zone_cli_values& raw) {
  zone_options out;
  auto& s = out.settings;
  out.find_max = raw.find_max;
  auto players = parse_count("--players", raw.players, 1, max_players);
  if (!players)
    return players.err();
  s.players = *players;
  auto hz = parse_count("--tick-hz", raw.tick_hz, 1, max_tick_hz);
  if (!hz)
    return hz.err();
  s.tick_hz = *hz;
  auto duration = raw.duration.empty() ? result<std::size_t>{std::size_t{out.find_max ? 5u : 10u}}
                                       : parse_count("--duration", raw.duration, 1, max_duration_s);
  if (!duration)
    return duration.err();
  s.duration = std::chrono::seconds{*duration};
  if (raw.crypto != "on" && raw.crypto != "off")
    return bad_input("invalid --crypto '" + raw.crypto + "': expected on or off");
  s.crypto = raw.crypto == "on";
  if (s.crypto) {
    auto choices = choose_ciphers("", raw.cipher);
    if (!choices)
      return choices.err();
    if (choices->size() != 1 || !choices->front().second->aead)
      return bad_input("invalid --cipher '" + raw.cipher
                       + "': expected one AEAD cipher (the tag is checked on every input), "
                         "e.g. aes-128-gcm, chacha20-poly1305, xchacha20-poly1305-ietf");
    s.backend = choices->front().first;
    s.cipher = choices->front().second;
  } else {
    s.backend = *crypto::registry::instance().find("none");
    s.cipher = &s.backend->ciphers().front();
  }
  if (!raw.threads.empty()) {
    auto t = parse_count("--threads", raw.threads, 1, max_threads);
    if (!t)
      return t.err();
    s.threads = *t;
  }
  auto timeout = parse_count("--timeout", raw.timeout, 1, max_timeout_s);
  if (!timeout)
    return timeout.err();
  s.tick_timeout = std::chrono::seconds{*timeout};

  auto budget = parse_memory_budget(raw.max_memory);
  if (!budget)
    return budget.err();
  auto ticks = actors::zone_ticks(s.duration, s.tick_hz);
  auto per_player = actors::zone_bytes_per_player(*s.cipher, ticks);
  out.max_players =
    budget->bytes ? std::min<std::uint64_t>(max_players, *budget->bytes / per_player) : max_players;
  // The bytes per player include the input packets of every tick.
  auto fits = check_memory_estimate(*budget, "--players", raw.players, s.players, "players",
                                    "player", per_player);
  if (!fits)
    return fits.err();
  return out;
}

} // namespace actorbench::bench
