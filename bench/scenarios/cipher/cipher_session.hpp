#pragma once

#include <memory>
#include <vector>

#include "bench/scenarios/cipher/decrypt_workload.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// The cipher scenario's session: every configuration's workload, prepared
/// once in start() (message encrypted, contexts made), so a run only times
/// (decrypts or encrypts, as the configuration's direction says).
class cipher_session : public scenario_session {
 public:
  /// Resolves each configuration's back-end and cipher and prepares its
  /// workload; a configuration without an available pair is a bug (refine
  /// dropped those) and a runtime_failure.
  static result<std::unique_ptr<scenario_session>> make(const std::vector<configuration>& plan);

  /// One iteration of ctx.config()'s workload for the `time` parameter:
  /// time_per_op, throughput, bytes_per_s; failed_decrypts; facts ops and
  /// first_failure.
  result<run_record> run(run_context& ctx) override;

  /// "aead": "yes" or "no".
  by_name<fact> facts(const configuration& c) const override;

 private:
  /// By configuration index.
  std::vector<std::unique_ptr<decrypt_workload>> workloads_;
};

} // namespace actorbench::bench
