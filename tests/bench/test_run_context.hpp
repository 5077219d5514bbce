#pragma once

// A run_context for scenario tests: one configuration, no harness around it.

#include <atomic>
#include <chrono>
#include <string>
#include <vector>

#include "bench/harness/run_context.hpp"

namespace actorbench::bench::test {

/// Runs `config` as measured run `index`; records progress and notes.
class test_run_context : public run_context {
 public:
  explicit test_run_context(configuration config, std::size_t index = 0, std::size_t planned = 0)
    : planned_(planned), config_(std::move(config)), index_(index) {}

  const configuration& config() const override { return config_; }
  bool warmup() const override { return false; }
  std::size_t run_index() const override { return index_; }
  std::size_t planned_runs() const override { return planned_; }
  bool probing() const override { return probing_; }
  const std::atomic<bool>& stop() const override { return stop_; }
  std::chrono::steady_clock::time_point deadline() const override {
    return std::chrono::steady_clock::time_point::max();
  }
  const memory_budget& memory() const override { return memory_; }
  void progress(double fraction) const override { fractions.push_back(fraction); }
  void note(const std::string& line) const override { notes.push_back(line); }

  bool probing_ = false;
  std::size_t planned_ = 0;
  std::atomic<bool> stop_{false};
  mutable std::vector<double> fractions;
  mutable std::vector<std::string> notes;

 private:
  configuration config_;
  std::size_t index_;
  memory_budget memory_;
};

} // namespace actorbench::bench::test
