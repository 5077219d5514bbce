#include "bench/allocator_release.hpp"

// The executable's own file: only it is linked with the allocator
// (cmake/ActorbenchAllocator.cmake defines which).
#if defined(ACTORBENCH_ALLOCATOR_JEMALLOC)
#  include <jemalloc/jemalloc.h>
#elif defined(ACTORBENCH_ALLOCATOR_MIMALLOC)
#  include <mimalloc.h>
#else
#  include <malloc.h>
#endif

namespace actorbench::bench {

#define ACTORBENCH_STRINGIFY_(x) #x
#define ACTORBENCH_STRINGIFY(x) ACTORBENCH_STRINGIFY_(x)

void release_allocator_memory() {
#if defined(ACTORBENCH_ALLOCATOR_JEMALLOC)
  // A failure leaves the pages to decay, as without the call: nothing to report.
  mallctl("arena." ACTORBENCH_STRINGIFY(MALLCTL_ARENAS_ALL) ".purge", nullptr, nullptr, nullptr,
          0);
#elif defined(ACTORBENCH_ALLOCATOR_MIMALLOC)
  mi_collect(true);
#else
  malloc_trim(0);
#endif
}

} // namespace actorbench::bench
