# Unity builds: actorbench_unity_by_folder(TARGET) compiles the target's .cpp
# files of one folder as one translation unit, actorbench_unity_whole(TARGET)
# all of them but some folders' as one. Most of a clean
# build is spent compiling CAF's, doctest's and nlohmann-json's headers and
# templates again in every file; one unit per folder does that once per
# folder (a clean build and the CI's two of them take about 40% less CPU).
# Files of one unit must not define the same file-local names; where two do,
# the build says so.
#
# -DACTORBENCH_UNITY_BUILD=OFF compiles every file on its own (quicker
# rebuilds after editing one file, and it shows a file that only compiles
# because its unit-mate included something for it).
option(ACTORBENCH_UNITY_BUILD "Compile a target's files as few translation units (unity build)" ON)

# actorbench_unity_by_folder(TARGET): a unit is named by its folder relative
# to the project's root ("unity_bench_scenarios_fanout"), the same on every
# machine and whether the sources were listed or globbed.
function(actorbench_unity_by_folder target)
  actorbench_unity_group_sources(${target} BY_FOLDER)
endfunction()

# actorbench_unity_whole(TARGET [APART FOLDER...]): one unit for the target's
# .cpp files but those of each FOLDER (relative to the calling CMakeLists.txt),
# which get a unit of their own. For a target of many small folders, whose
# units each compiled the same CAF and doctest templates again (Release,
# compiler CPU, one after another on a quiet machine: the scenarios' actor
# tests 40.9 s in twelve units, 15.6 s in one; the scenarios' tests 63.2 s in
# fourteen, 18.6 s in one; the command's scenarios 95.0 s in thirteen, 49.1 s
# in one). Its files then share one scope: each keeps its file-local names
# apart from the others' (tests open their namespace rather than `using` it).
function(actorbench_unity_whole target)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "APART")
  set(apart)
  foreach(folder IN LISTS arg_APART)
    list(APPEND apart "${CMAKE_CURRENT_SOURCE_DIR}/${folder}")
  endforeach()
  actorbench_unity_group_sources(${target} WHOLE ${apart})
endfunction()

# Sets each .cpp file's UNITY_GROUP to its folder relative to the project's
# root ("unity_bench_scenarios_fanout"), the same on every machine and
# whether the sources were listed or globbed; WHOLE puts every file outside
# the folders given after it in the calling CMakeLists.txt's folder's group.
function(actorbench_unity_group_sources target how)
  if(NOT ACTORBENCH_UNITY_BUILD)
    return()
  endif()
  set(apart ${ARGN})
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    if(source MATCHES "\\.cpp$")
      get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      get_filename_component(folder "${path}" DIRECTORY)
      if(how STREQUAL "WHOLE" AND NOT folder IN_LIST apart)
        set(folder "${CMAKE_CURRENT_SOURCE_DIR}")
      endif()
      file(RELATIVE_PATH folder "${PROJECT_SOURCE_DIR}" "${folder}")
      string(MAKE_C_IDENTIFIER "${folder}" group)
      set_source_files_properties("${source}" PROPERTIES UNITY_GROUP "${group}")
    endif()
  endforeach()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
endfunction()
