# The pkg-config files, for embedders who build without CMake (Make, Meson,
# Bazel): actorbench.pc (the static libraries and every library they need)
# and actorbench-caf-protections.pc (the wrappers' objects and the symbols
# the executable exports for them, as actorbench::caf_protections). Both are
# written from the targets' link interfaces (ActorbenchLinkClosure), so they
# link what the CMake package links. Installed with the -dev component.
include(ActorbenchLinkClosure)

set(own_targets)
if(TARGET actorbench_bench)
  list(APPEND own_targets actorbench_bench)
  set(ACTORBENCH_PC_HARNESS " and the benchmark harness")
endif()
list(APPEND own_targets actorbench_actors actorbench_crypto)
set(ACTORBENCH_PC_OWN_LIBS)
foreach(target IN LISTS own_targets)
  string(REPLACE "actorbench_" "-lactorbench_" flag "${target}")
  list(APPEND ACTORBENCH_PC_OWN_LIBS "${flag}")
endforeach()
list(JOIN ACTORBENCH_PC_OWN_LIBS " " ACTORBENCH_PC_OWN_LIBS)
actorbench_link_closure(dependency_flags ACTORBENCH_LINKED_FILES ${own_targets})
list(JOIN dependency_flags " " ACTORBENCH_PC_DEPENDENCY_LIBS)

# The objects as `install(TARGETS ... OBJECTS)` lays them out (one folder per
# build type, each source's path under it), and the wrappers' link options
# with LINKER: spelt for the compiler driver.
if(CMAKE_BUILD_TYPE)
  set(objects_folder "objects-${CMAKE_BUILD_TYPE}")
else()
  set(objects_folder "objects")
endif()
get_target_property(protection_sources actorbench_caf_interpose SOURCES)
set(ACTORBENCH_PC_PROTECTION_OBJECTS)
foreach(source IN LISTS protection_sources)
  list(APPEND ACTORBENCH_PC_PROTECTION_OBJECTS
       "\${objects}/${objects_folder}/actorbench_caf_interpose/${source}.o")
endforeach()
list(JOIN ACTORBENCH_PC_PROTECTION_OBJECTS " " ACTORBENCH_PC_PROTECTION_OBJECTS)
get_target_property(protection_options actorbench_caf_interpose INTERFACE_LINK_OPTIONS)
list(TRANSFORM protection_options REPLACE "^LINKER:" "-Wl,")
list(JOIN protection_options " " ACTORBENCH_PC_PROTECTION_OPTIONS)
get_target_property(protection_links actorbench_caf_interpose LINK_LIBRARIES)
actorbench_link_closure(protection_flags protection_files ${protection_links})
list(APPEND ACTORBENCH_LINKED_FILES ${protection_files})
list(REMOVE_DUPLICATES ACTORBENCH_LINKED_FILES)

set(pkgconfig_dir "${CMAKE_INSTALL_LIBDIR}/pkgconfig")
file(RELATIVE_PATH ACTORBENCH_PC_TO_PREFIX "/prefix/${pkgconfig_dir}" "/prefix")
string(REGEX REPLACE "/$" "" ACTORBENCH_PC_TO_PREFIX "${ACTORBENCH_PC_TO_PREFIX}")
foreach(pc IN ITEMS actorbench actorbench-caf-protections)
  configure_file("${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in" "${PROJECT_BINARY_DIR}/${pc}.pc" @ONLY)
  install(FILES "${PROJECT_BINARY_DIR}/${pc}.pc" DESTINATION "${pkgconfig_dir}" COMPONENT dev)
endforeach()
