# actorbench_link_allocator(TARGET): links the allocator chosen by
# ACTORBENCH_ALLOCATOR into an executable. Only executables get one: a
# library embedded in someone's server leaves that choice to its user.
#
#   system    glibc malloc
#   jemalloc  Debian's libjemalloc-dev (the default: a fan-out allocates and
#             frees ~1 KB actors on every worker; see bench/NOTEBOOK.md)
#   mimalloc  Debian's libmimalloc-dev

set(ACTORBENCH_ALLOCATOR "jemalloc" CACHE STRING "Allocator linked into actorbench: system, jemalloc or mimalloc")
set_property(CACHE ACTORBENCH_ALLOCATOR PROPERTY STRINGS system jemalloc mimalloc)

if(ACTORBENCH_ALLOCATOR STREQUAL "jemalloc")
  pkg_check_modules(JEMALLOC REQUIRED IMPORTED_TARGET jemalloc)
elseif(ACTORBENCH_ALLOCATOR STREQUAL "mimalloc")
  find_package(mimalloc REQUIRED CONFIG)
elseif(NOT ACTORBENCH_ALLOCATOR STREQUAL "system")
  message(FATAL_ERROR "ACTORBENCH_ALLOCATOR '${ACTORBENCH_ALLOCATOR}': expected system, jemalloc or mimalloc")
endif()

function(actorbench_link_allocator target)
  if(ACTORBENCH_ALLOCATOR STREQUAL "jemalloc")
    target_link_libraries(${target} PRIVATE PkgConfig::JEMALLOC)
  elseif(ACTORBENCH_ALLOCATOR STREQUAL "mimalloc")
    target_link_libraries(${target} PRIVATE mimalloc)
  endif()
endfunction()
