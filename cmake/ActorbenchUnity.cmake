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

# actorbench_unity_by_folder(TARGET [SKIP FOLDER...]): the files of a SKIP
# folder are compiled one by one.
function(actorbench_unity_by_folder target)
  if(NOT ACTORBENCH_UNITY_BUILD)
    return()
  endif()
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SKIP")
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    get_filename_component(folder "${source}" DIRECTORY)
    if(source MATCHES "\\.cpp$" AND NOT folder IN_LIST arg_SKIP)
      # Globbed sources are absolute: name the group by the folder relative
      # to the target's directory, so the unit's name is the same on every
      # machine ("fanout", not "_work_src_bench_scenarios_fanout").
      if(IS_ABSOLUTE "${folder}")
        file(RELATIVE_PATH folder "${CMAKE_CURRENT_SOURCE_DIR}" "${folder}")
      endif()
      if(folder STREQUAL "")
        set(folder "top")
      endif()
      string(MAKE_C_IDENTIFIER "folder_${folder}" group)
      set_source_files_properties("${source}" PROPERTIES UNITY_GROUP "${group}")
    endif()
  endforeach()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
endfunction()
