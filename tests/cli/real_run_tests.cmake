# Included by ctest (the directory's TEST_INCLUDE_FILES) with `actorbench`
# and `real_run` set: one cli.real_run.<backend>.<cipher> test per pair that
# the built binary's `--list --format json` reports, so every back-end found
# at configure time and every cipher its registry entry offers gets a small
# real fan-out, without a hand-kept list. Unavailable pairs are listed too;
# real_run skips them (77) at run time with the reason.

# The listing itself is a test, so a binary that cannot list fails visibly
# rather than leaving the pairs out silently.
add_test(cli.real_run.list "${actorbench}" --list --format json)

execute_process(COMMAND "${actorbench}" --list --format json
                OUTPUT_VARIABLE listing RESULT_VARIABLE listed ERROR_QUIET TIMEOUT 30)
if(NOT listed EQUAL 0 OR CMAKE_VERSION VERSION_LESS 3.19)
  return()
endif()

# An old or partly built binary may print something else: the listing test
# above then fails, and no pairs are made from it.
string(JSON backends ERROR_VARIABLE unreadable LENGTH "${listing}" backends)
if(unreadable)
  return()
endif()
math(EXPR last_backend "${backends} - 1")
foreach(b RANGE ${last_backend})
  string(JSON backend GET "${listing}" backends ${b} name)
  string(JSON ciphers LENGTH "${listing}" backends ${b} ciphers)
  if(ciphers EQUAL 0)
    continue()
  endif()
  math(EXPR last_cipher "${ciphers} - 1")
  foreach(c RANGE ${last_cipher})
    string(JSON cipher GET "${listing}" backends ${b} ciphers ${c} name)
    add_test(cli.real_run.${backend}.${cipher} "${real_run}" "${actorbench}" ${backend} ${cipher})
    set_tests_properties(cli.real_run.${backend}.${cipher} PROPERTIES SKIP_RETURN_CODE 77)
  endforeach()
endforeach()
