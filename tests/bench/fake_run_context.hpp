#pragma once

// A run_context for scenario tests: one configuration, no harness around it.

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "bench/harness/run_context.hpp"

namespace actorbench::bench::testing {

/// Runs `config` as measured run `index` of `planned`; records progress and notes.
class fake_run_context : public run_context {
 public:
  explicit fake_run_context(configuration config, std::size_t index = 0, std::size_t planned = 0)
    : planned(planned), config_(std::move(config)), index_(index) {}

  const configuration& config() const override { return config_; }
  bool warmup() const override { return false; }
  std::size_t run_index() const override { return index_; }
  std::size_t planned_runs() const override { return planned; }
  bool probing() const override { return probe; }
  const std::atomic<bool>& stop() const override { return stop_flag; }
  std::chrono::steady_clock::time_point deadline() const override { return deadline_at; }
  const memory_budget& memory() const override { return budget_; }
  void progress(double fraction) const override { progress_seen.push_back(fraction); }
  void note(const std::string& line) const override { notes.push_back(line); }

  bool probe = false;
  std::size_t planned = 0;
  std::atomic<bool> stop_flag{false};
  std::chrono::steady_clock::time_point deadline_at = std::chrono::steady_clock::time_point::max();
  mutable std::vector<double> progress_seen;
  mutable std::vector<std::string> notes;

 private:
  configuration config_;
  std::size_t index_;
  memory_budget budget_;
};

} // namespace actorbench::bench::testing
