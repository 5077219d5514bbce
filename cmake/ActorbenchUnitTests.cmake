# actorbench_unit_tests(TARGET [TEST_PREFIX P] [PROPERTIES ...]) registers a
# doctest executable's cases with CTest: one test per case by default (each
# named in the report, each in its own process), or, with
# -DACTORBENCH_TEST_EACH_CASE=OFF, one test that runs every case in one
# process. config/sanitize takes the second for AddressSanitizer, where each
# process spends some 0.3 s of CPU starting and exiting: on a loaded host
# CTest timed the 526 cases at 363 s as processes of their own, and the five
# executables ran them in 95 s.
find_package(doctest REQUIRED)
include(doctest)

option(ACTORBENCH_TEST_EACH_CASE "Register each doctest case as a test of its own" ON)

function(actorbench_unit_tests target)
  if(ACTORBENCH_TEST_EACH_CASE)
    doctest_discover_tests(${target} ${ARGN})
    return()
  endif()
  cmake_parse_arguments(arg "" "TEST_PREFIX" "PROPERTIES" ${ARGN})
  add_test(NAME unit.${target} COMMAND ${target})
  if(arg_PROPERTIES)
    set_tests_properties(unit.${target} PROPERTIES ${arg_PROPERTIES})
  endif()
endfunction()
