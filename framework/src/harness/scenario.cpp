#include "bench/harness/scenario.hpp"

#include <utility>

namespace actorbench::bench {

namespace {

class function_session : public scenario_session {
 public:
  explicit function_session(const std::function<result<run_record>(run_context&)>& run)
    : run_(run) {}
  result<run_record> run(run_context& ctx) override { return run_(ctx); }

 private:
  const std::function<result<run_record>(run_context&)>& run_;
};

class function_scenario : public scenario {
 public:
  function_scenario(declaration d, std::function<result<run_record>(run_context&)> run)
    : declared_(std::move(d)), run_(std::move(run)) {}

  const declaration& declared() const override { return declared_; }

  result<std::unique_ptr<scenario_session>> start(std::vector<configuration>&) const override {
    return std::unique_ptr<scenario_session>{std::make_unique<function_session>(run_)};
  }

 private:
  declaration declared_;
  std::function<result<run_record>(run_context&)> run_;
};

} // namespace

std::unique_ptr<scenario> make_scenario(declaration d,
                                        std::function<result<run_record>(run_context&)> run) {
  return std::make_unique<function_scenario>(std::move(d), std::move(run));
}

} // namespace actorbench::bench
