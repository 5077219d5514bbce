# Unity builds by folder: actorbench_unity_by_folder(TARGET) compiles the
# target's .cpp files of one folder as one translation unit. Most of a clean
# build is spent compiling CAF's, doctest's and nlohmann-json's headers and
# templates again in every file; one unit per folder does that once per
# folder (a clean build and the CI's two of them take about 40% less CPU).
# A folder is one concept here, so its files rarely define the same
# file-local names; where two do, the build says so.
#
# -DACTORBENCH_UNITY_BUILD=OFF compiles every file on its own (quicker
# rebuilds after editing one file, and it shows a file that only compiles
# because its unit-mate included something for it).
option(ACTORBENCH_UNITY_BUILD "Compile each folder of a target as one translation unit" ON)

# actorbench_unity_by_folder(TARGET): a unit is named by its folder relative
# to the project's root ("unity_bench_scenarios_fanout"), the same on every
# machine and whether the sources were listed or globbed.
function(actorbench_unity_by_folder target)
  if(NOT ACTORBENCH_UNITY_BUILD)
    return()
  endif()
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    if(source MATCHES "\\.cpp$")
      get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      get_filename_component(folder "${path}" DIRECTORY)
      file(RELATIVE_PATH folder "${PROJECT_SOURCE_DIR}" "${folder}")
      string(MAKE_C_IDENTIFIER "${folder}" group)
      set_source_files_properties("${source}" PROPERTIES UNITY_GROUP "${group}")
    endif()
  endforeach()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
endfunction()
