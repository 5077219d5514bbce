#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/configuration.hpp"
#include "bench/harness/declaration.hpp"
#include "bench/harness/node_part.hpp"
#include "bench/harness/run_context.hpp"
#include "bench/harness/run_record.hpp"

namespace actorbench::bench {

class view;
struct scenario_results;

/// Memory one configuration needs, checked against --max-memory and the
/// machine before any run: "invalid --procs '99999999': 99999999 actors
/// need about 190.7 GiB (2048 bytes per actor) but only 21.5 GiB is available".
struct memory_estimate {
  /// The parameter named in the error, e.g. "procs".
  std::string param;
  std::uint64_t count = 0;
  /// "actors", "players", "keys"; and the singular "actor".
  std::string items;
  std::string per;
  std::uint64_t bytes_per_item = 0;
};

/// One invocation's state across its configurations (an actor system per
/// scheduler setting, connections to nodes, cipher contexts): made once by
/// scenario::start, then asked for one run at a time.
class scenario_session {
 public:
  virtual ~scenario_session() = default;

  /// Called before each run of `c`, outside its timing and its CPU and
  /// RSS figures: the place to make the run's resources live (the fan-out
  /// starts the configuration's actor system here). An error ends the command.
  virtual result<void> before_run(const configuration&) { return {}; }

  /// One measured run of ctx.config(). An error is a runtime failure (or
  /// bad input, when only running shows it) and ends the command; counts
  /// that must be 0 go into run_record::checks instead.
  virtual result<run_record> run(run_context& ctx) = 0;

  /// Facts of a configuration as a whole (the payload, the resolved cipher).
  virtual by_name<fact> facts(const configuration&) const { return {}; }

  /// A relative cost before anything was measured (e.g. 2048-bit keys cost
  /// 8x 1024-bit ones), so the first ETA is not far off.
  virtual double cost_hint(const configuration&) const { return 1; }

  /// For a search: whether this run kept up (zone: no missed ticks).
  virtual bool keeps_up(const configuration&, const run_record&) const { return true; }

  /// For a search's answer: what keeping up means for `c`, e.g. "at 20 Hz
  /// with p99 under 50 ms and at most 1% of ticks missed"; empty: unsaid.
  virtual std::string keeps_up_criterion(const configuration&) const { return {}; }
};

/// A benchmark: its declaration, cross-parameter checks, and a session that
/// runs it. Register one with registry::add.
class scenario {
 public:
  virtual ~scenario() = default;

  virtual const declaration& declared() const = 0;

  /// Adjusts or refuses the plan (every combination, in order) before any
  /// work: drop pairs that cannot exist (a back-end without that cipher),
  /// refuse cross-parameter mistakes (bad_input). Indices are renumbered
  /// by the harness afterwards.
  virtual result<std::vector<configuration>> refine(std::vector<configuration> plan) const {
    return plan;
  }

  /// The memory a configuration needs; unset: not checked.
  virtual std::optional<memory_estimate> memory(const configuration&) const { return {}; }

  /// Resolves what the measured path needs (back-ends, actor systems,
  /// auto values: write them into the configurations) and returns the
  /// session. An error here ends the command before any run.
  virtual result<std::unique_ptr<scenario_session>> start(
    std::vector<configuration>& plan) const = 0;

  /// The configuration (an index into the refined plan) the others are
  /// compared to when the command line gives no --reference; unset: the
  /// first. The cipher scenario picks openssl/aes-128-ctr/per-actor, as
  /// `actorbench cipher` always did, not the no-op back-end that comes first.
  virtual std::optional<std::size_t> default_reference(const std::vector<configuration>&) const {
    return {};
  }

  /// The seed-shaped tables and plots of this scenario; the first is the
  /// default table view. Empty: the generic table only.
  virtual std::vector<const view*> views() const { return {}; }

  /// The one line written above the table that answers this scenario's
  /// question in words, with its interval (bench/output/verdict.hpp):
  /// "keeps up: no — p99 90.9 ms > 50 ms budget". Empty: the generic one,
  /// by the headline metric.
  virtual std::string verdict(const scenario_results&) const { return {}; }

  /// Its part on worker nodes (node_part.hpp); none by default.
  virtual node_part on_nodes() const { return {}; }
};

/// A scenario from a declaration and one function, for users' own code:
/// the function is called once per run with nothing kept between runs.
std::unique_ptr<scenario> make_scenario(declaration d,
                                        std::function<result<run_record>(run_context&)> run);

} // namespace actorbench::bench
