#include "bench/scenarios/pingpong/pingpong.hpp"

#include <caf/send.hpp>

namespace actorbench::actors {

namespace {

using clock = std::chrono::steady_clock;

// The round trip of pair 0 a fault goes into: the middle one (not the
// first, so a replay has a payload to repeat).
std::uint64_t fault_round_trip(const pingpong_params& p) {
  return p.round_trips / 2 == 0 ? 1 : p.round_trips / 2;
}

std::string progress_text(const pingpong_board& board, const pingpong_params& p) {
  std::string text;
  for (std::size_t pair = 0; pair < p.pairs && pair < 8; ++pair)
    text += (pair ? ", pair " : "pair ") + std::to_string(pair) + " at about "
            + std::to_string(board.progress_of(pair));
  if (p.pairs > 8)
    text += ", ...";
  return text + " of " + std::to_string(p.round_trips) + " round trips";
}

void kill_all(const std::vector<caf::actor>& actors) {
  for (const auto& a : actors)
    if (a)
      caf::anon_send_exit(a, caf::exit_reason::kill);
}

result<pingpong_sample> collect(const pingpong_board& board, const pingpong_params& p,
                                clock::time_point start) {
  pingpong_sample out;
  out.pairs = p.pairs;
  out.round_trips_per_pair = p.round_trips;
  auto last = start;
  for (const auto& r : board.results()) {
    if (!r.failure.empty())
      return error{r.failure_code, r.failure};
    out.round_trips += r.round_trips;
    out.mismatches += r.mismatches + (p.round_trips - r.round_trips);
    out.latency_s.insert(out.latency_s.end(), r.latency_s.begin(), r.latency_s.end());
    last = std::max(last, r.finished);
  }
  out.elapsed_s = std::chrono::duration<double>(last - start).count();
  return out;
}

} // namespace

pong_spawner local_pongs(caf::actor_system& system) {
  return [&system](std::size_t, const pong_config& cfg) -> result<caf::actor> {
    return spawn_pong(system, cfg);
  };
}

result<pingpong_sample> run_pingpong(caf::actor_system& system, const seal_keys& keys,
                                     const pingpong_params& params) {
  return run_pingpong(system, keys, params, local_pongs(system));
}

result<pingpong_sample> run_pingpong(caf::actor_system& system, const seal_keys& keys,
                                     const pingpong_params& params, const pong_spawner& make_pong) {
  if (params.pairs == 0 || params.round_trips == 0 || params.sample_every == 0)
    return error{errc::bad_parameter,
                 "pingpong needs at least one pair, one round trip and a "
                 "latency sample interval"};
  if (params.pairs > (std::size_t{1} << 30))
    return error{errc::bad_parameter, "too many pairs: " + std::to_string(params.pairs)};
  auto board = std::make_shared<pingpong_board>(params.pairs);
  const auto fault_at = fault_round_trip(params);
  std::vector<caf::actor> actors;
  actors.reserve(2 * params.pairs);
  const auto start = clock::now();
  std::vector<caf::actor> pongs;
  for (std::size_t pair = 0; pair < params.pairs; ++pair) {
    auto fault =
      pair == 0 && params.fault == suite_fault::miscount ? params.fault : suite_fault::none;
    auto pong =
      make_pong(pair, {&keys, nullptr, static_cast<std::uint32_t>(2 * pair + 1), fault, fault_at});
    if (!pong) {
      kill_all(actors);
      return pong.err();
    }
    actors.push_back(*pong);
    pongs.push_back(std::move(*pong));
  }
  for (std::size_t pair = 0; pair < params.pairs; ++pair) {
    auto fault =
      pair == 0 && (params.fault == suite_fault::forge || params.fault == suite_fault::replay)
        ? params.fault
        : suite_fault::none;
    actors.push_back(spawn_ping(
      system, {pongs[pair], pair, params.round_trips, params.sample_every, &keys,
               static_cast<std::uint32_t>(2 * pair), fault, fault_at, board, params.remote_pongs}));
  }
  if (!board->wait(params.timeout)) {
    kill_all(actors);
    return error{errc::timeout, "pingpong not done after " + std::to_string(params.timeout.count())
                                  + " ms: " + progress_text(*board, params)};
  }
  return collect(*board, params, start);
}

} // namespace actorbench::actors
