#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "bench/harness/metric.hpp"
#include "bench/harness/param.hpp"

namespace actorbench::bench {

class declaration;

/// Sets the fields of one parameter of a declaration, chained:
/// `d.integer("procs").range(1, 100'000'000).def("10000").unit("actors").help("...")`.
class param_builder {
 public:
  param_builder(declaration& owner, std::size_t index) : owner_(&owner), index_(index) {}
  param_builder& range(std::int64_t min, std::int64_t max);
  param_builder& def(std::string value);
  param_builder& def_help(std::string text);
  param_builder& unit(std::string unit);
  param_builder& help(std::string text);
  /// One value per invocation: no lists or ranges.
  param_builder& fixed();
  /// The value is a file the run writes (see param_decl::writes_file).
  param_builder& writes_file();
  /// Each run lasts this many seconds (param_decl::run_time).
  param_builder& run_length();
  /// A run fails after this many seconds (param_decl::run_time).
  param_builder& run_limit();
  param_builder& alias(std::string old_name);
  /// Older words a word parameter still accepts (param_decl::word_aliases).
  param_builder& word_aliases(std::vector<std::string> words);
  param_builder& group(std::string name);
  param_builder& bare_unit(std::string unit);
  param_builder& only_if(std::string param, std::vector<std::string> words);
  param_decl& get();

 private:
  declaration* owner_;
  std::size_t index_;
};

/// Sets the fields of one metric, chained:
/// `d.metric("replies_s", "s").title("time until every reply").headline().help("...")`.
class metric_builder {
 public:
  metric_builder(declaration& owner, std::size_t index) : owner_(&owner), index_(index) {}
  metric_builder& higher_is_better();
  metric_builder& headline();
  metric_builder& phase();
  metric_builder& per_event(reduction per_run);
  metric_builder& help(std::string text);
  /// The metric in words for plots (metric_decl::title).
  metric_builder& title(std::string text);
  metric_decl& get();

 private:
  declaration* owner_;
  std::size_t index_;
};

/// How the harness runs a scenario unless the command line says otherwise.
struct harness_defaults {
  std::size_t runs = 10;
  std::size_t warmup = 1;
  /// Older spellings of --runs for this scenario ("iterations", "rounds").
  std::vector<std::string> runs_aliases;
  /// false: no harness --warmup (its warm-up count stays `warmup`), so the
  /// scenario may declare a parameter of that name (rpc: warm-up requests).
  bool warmup_option = true;
};

/// How a search treats its probes. `max_probes`: its budget, after which
/// it ends unresolved (search_decl::max_probes_param sets it). A probe is disturbed when the
/// host noise probe around it took more than `disturbed_slowdown` times its
/// CPU time (it waited for its CPU): it does not count in the fit, and the
/// search probes again. `lead`: only in files of the older rule, which
/// decided each value by a lead of passes over failures.
struct search_rule {
  std::size_t lead = 0;
  std::size_t max_probes = 40;
  double disturbed_slowdown = 1.5;
  /// A probe whose run reports its threads' run-queue wait
  /// (thread_waits.hpp) above this share of their CPU time is disturbed too;
  /// 0: off, the default, as a run that overloads the machine by itself
  /// waits as long (its own threads queue behind each other): zone's
  /// failing probes waited 1.0-1.7x their CPU time on a busy host, its
  /// passing ones 0.2-0.5x. The wait is recorded for each probe either way.
  double disturbed_wait = 0;
};

/// A search for the capacity of one integer parameter (zone --find-max):
/// the largest value that keeps up with probability `keep_up`, from a fit
/// over every probe (bench/harness/capacity_search.hpp), to within
/// `resolution` either side at `confidence`. The harness's --precision
/// overrides the resolution; integer parameters named by `keep_up_param`
/// and `confidence_param` (percent) and `max_probes_param`, when the
/// scenario declares them, override the others.
struct search_decl {
  /// The integer parameter searched, e.g. "players".
  std::string param;
  /// The flag that turns the search on, e.g. "find-max".
  std::string flag = "find-max";
  /// Half the interval's relative width at which the search stops (0.05 = ±5%).
  double resolution = 0.05;
  search_rule rule{};
  double keep_up = 0.9;
  double confidence = 0.9;
  std::string keep_up_param = "keep-up";
  std::string confidence_param = "confidence";
  /// An integer parameter that sets rule.max_probes, when declared.
  std::string max_probes_param = "max-probes";
};

/// Everything a scenario declares: parameters in the order they combine
/// (the last varies fastest), metrics, checks, harness defaults. Plain data
/// with builders; it is also written into every JSON result, so `report`
/// can show a scenario the reading binary does not know.
class declaration {
 public:
  declaration() = default;
  declaration(std::string name, std::string summary);

  param_builder integer(std::string name);
  param_builder size(std::string name);
  param_builder duration(std::string name);
  param_builder word(std::string name, std::vector<std::string> words);
  param_builder flag(std::string name);
  param_builder text(std::string name);
  metric_builder metric(std::string name, std::string unit);
  void check(std::string name, std::string help);

  /// The parameter, metric or check of that name, or null.
  const param_decl* param(const std::string& name) const;
  const metric_decl* find_metric(const std::string& name) const;
  /// The headline metric (the first metric when none is marked).
  const metric_decl& headline() const;

  std::string name;
  std::string summary;
  std::vector<param_decl> params;
  std::vector<metric_decl> metrics;
  std::vector<check_decl> checks;
  harness_defaults defaults;
  std::optional<search_decl> search;
  /// What one run does many of, singular ("actor", "message", "decrypt"):
  /// its runs report how many as the fact "work_units", and
  /// --measure instructions counts instructions per unit. Empty: none.
  std::string work_unit;
};

} // namespace actorbench::bench
