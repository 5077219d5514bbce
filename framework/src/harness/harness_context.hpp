#pragma once

#include <functional>

#include "bench/harness/run_context.hpp"

namespace actorbench::bench {

/// The run_context the runner gives a scenario's run: plain fields, set
/// anew for each run.
class harness_context : public run_context {
 public:
  harness_context(const std::atomic<bool>& stop, const memory_budget& memory)
    : stop_(stop), memory_(memory) {}

  const configuration& config() const override { return *current; }
  bool warmup() const override { return is_warmup; }
  std::size_t run_index() const override { return index; }
  bool probing() const override { return is_probe; }
  std::size_t planned_runs() const override { return runs_planned; }
  const std::atomic<bool>& stop() const override { return stop_; }
  std::chrono::steady_clock::time_point deadline() const override { return ends; }
  const memory_budget& memory() const override { return memory_; }
  void progress(double fraction_of_run) const override {
    if (on_progress)
      on_progress(fraction_of_run);
  }
  void note(const std::string& line) const override {
    if (on_note)
      on_note(line);
  }

  // Set by the runner before each run.
  const configuration* current = nullptr;
  bool is_warmup = false;
  std::size_t index = 0;
  bool is_probe = false;
  std::size_t runs_planned = 0;
  std::chrono::steady_clock::time_point ends = std::chrono::steady_clock::time_point::max();
  std::function<void(double)> on_progress;
  std::function<void(const std::string&)> on_note;

 private:
  const std::atomic<bool>& stop_;
  const memory_budget& memory_;
};

} // namespace actorbench::bench
