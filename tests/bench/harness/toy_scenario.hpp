#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "bench/harness/scenario.hpp"

namespace actorbench::bench::testing {

/// A scenario for the harness's tests: every hook a replaceable function,
/// unset ones behaving like the defaults of scenario and scenario_session.
class toy_scenario : public scenario {
 public:
  using run_fn = std::function<result<run_record>(run_context&)>;

  toy_scenario(declaration d, run_fn run) : d_(std::move(d)), run_(std::move(run)) {}

  const declaration& declared() const override { return d_; }
  std::optional<memory_estimate> memory(const configuration& c) const override {
    return memory_fn ? memory_fn(c) : std::nullopt;
  }
  result<std::unique_ptr<scenario_session>> start(std::vector<configuration>&) const override {
    return std::unique_ptr<scenario_session>{std::make_unique<session>(*this)};
  }

  std::function<std::optional<memory_estimate>(const configuration&)> memory_fn;
  std::function<double(const configuration&)> cost_fn;
  std::function<bool(const configuration&, const run_record&)> keeps_up_fn;

 private:
  class session : public scenario_session {
   public:
    explicit session(const toy_scenario& owner) : owner_(owner) {}
    result<run_record> run(run_context& ctx) override { return owner_.run_(ctx); }
    double cost_hint(const configuration& c) const override {
      return owner_.cost_fn ? owner_.cost_fn(c) : 1;
    }
    bool keeps_up(const configuration& c, const run_record& r) const override {
      return owner_.keeps_up_fn ? owner_.keeps_up_fn(c, r) : true;
    }

   private:
    const toy_scenario& owner_;
  };

  declaration d_;
  run_fn run_;
};

/// A declaration with one integer parameter "procs" and one metric.
inline declaration procs_declaration() {
  declaration d{"toy", "a harness test"};
  d.integer("procs").range(1, 1'000'000).def("1").unit("actors");
  d.metric("time_s", "s").headline();
  return d;
}

} // namespace actorbench::bench::testing
