#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bench/harness/scenario.hpp"
#include "bench/output/output_file.hpp"

namespace actorbench::bench {

/// The keygen scenario's session: the loop `actorbench keygen` ran in the
/// executable, one cell per run. It holds the --dump-keys file (opened 0600
/// once, put in place when the session ends if any key went into it) and a
/// short calibration per request for announcing long cells.
class keygen_session : public scenario_session {
 public:
  /// Opens --dump-keys when given and calibrates each request of the plan.
  static result<std::unique_ptr<scenario_session>> make(const std::vector<configuration>& plan);

  /// Commits --dump-keys when any key was written to it. A failure here
  /// cannot be reported (see the report to the lead): writes are checked
  /// after each cell, so only the final rename could fail unseen.
  ~keygen_session() override;

  /// One cell: `keys` keys of the request on `threads` worker actors
  /// (actors::run_keygen), cut short and marked partial at ctx.deadline()
  /// or ctx.stop(). Metrics wall_s_per_key, thread_s_per_key (both only
  /// with a key), key_s (each key), cell_wall_s; check validation_failures;
  /// facts key_worker, validated, first_validation_failure.
  result<run_record> run(run_context& ctx) override;

  /// Rounds of keys times the RSA/DH growth with bits, relative to one
  /// 1024-bit key: a 2048-bit cell weighs about 11 times a 1024-bit one.
  double cost_hint(const configuration& c) const override;

 private:
  keygen_session() = default;
  void announce(const run_context& ctx) const;

  std::optional<output_file> dump_;
  std::size_t dumped_ = 0;
  std::size_t cores_ = 1;
  /// Seconds per key by crypto::describe(request), from the calibration.
  std::map<std::string, double> per_key_;
};

} // namespace actorbench::bench
