#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace actorbench::bench {

/// One probe on one CPU: its wall-clock time and the CPU time its thread
/// got. Wall time over CPU time is how long the probe waited for its CPU
/// (other threads, other processes, the hypervisor); cache and memory
/// effects lengthen both alike.
struct probe_timing {
  double wall_ms = 0;
  double on_cpu_ms = 0;
};

/// A fixed piece of CPU and memory work, no actors, timed to tell how busy
/// the host is: `units` times a small integer/FP loop plus a dependent walk
/// over a buffer bigger than L2. The same work takes longer when another
/// process shares the CPU, the memory bus or the caches.
class noise_probe {
 public:
  /// Work sized so one probe takes about `target_ms` of CPU time on this
  /// machine, from the fastest of a few probes timed by the calling
  /// thread's CPU clock (so that a busy host does not shrink the work).
  static noise_probe calibrated(double target_ms);

  /// The probe sized once per process for ~3 ms (the first call calibrates).
  static const noise_probe& shared();

  /// The work timed on each of `cpus`, in turn by a short-lived thread
  /// pinned to that CPU (actors::pin_this_thread), so the probes do not
  /// compete with each other. `pinned` is set false when pinning failed;
  /// that CPU's probe then ran unpinned.
  std::vector<probe_timing> run_on(const std::vector<int>& cpus, bool& pinned) const;

  /// The work timed on the calling thread.
  probe_timing run_here() const;

  std::size_t units() const { return units_; }
  /// Milliseconds of CPU the work took when calibrated (the fastest of a
  /// few back to back, its data in cache; waits for a CPU do not lengthen
  /// it). A probe after a run finds its data evicted and takes longer.
  double quiet_ms() const { return quiet_ms_; }
  std::size_t buffer_bytes() const { return next_.size() * sizeof(std::uint32_t); }

 private:
  noise_probe(std::size_t buffer_bytes, std::size_t units);
  std::uint64_t work(std::size_t units) const;
  static double thread_cpu_ms(const noise_probe& p, std::size_t units);

  // A single random cycle through the buffer, one step per cache line.
  std::vector<std::uint32_t> next_;
  std::size_t units_;
  double quiet_ms_ = 0;
};

} // namespace actorbench::bench
