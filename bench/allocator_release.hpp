#pragma once

namespace actorbench::bench {

/// Returns the free memory the allocator linked into actorbench holds to the
/// system: jemalloc purges every arena's dirty and muzzy pages, glibc trims
/// its heaps (malloc_trim), mimalloc collects. The harness calls it before
/// each run, outside the timing, so a run does not inherit the previous
/// run's freed pages, nor pay for their purge by decay (bench/RESULTS.md,
/// "The procs pair: the allocator's state").
void release_allocator_memory();

} // namespace actorbench::bench
