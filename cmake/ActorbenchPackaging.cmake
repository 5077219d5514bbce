# Debian packages from CPack: in the build directory, `cpack -G DEB` writes
#   actorbench_VERSION-1_ARCH.deb         the command (component `command`):
#       bin/actorbench, its manual page, its bash completion, the JSON schema;
#       Depends computed by dpkg-shlibdeps from the executable
#   libactorbench-dev_VERSION-1_ARCH.deb  for embedders (component `dev`):
#       headers, static libraries, the CMake package, the CAF protections'
#       objects, the pkg-config files; Depends: the -dev packages that hold
#       the libraries they link (computed below with dpkg-query)
# Both carry packaging/copyright as /usr/share/doc/PACKAGE/copyright. The
# game server and load generator (component `game_server`) are not packaged.
# Needs dpkg-dev (dpkg-shlibdeps) and file, which config/bootstrap installs.

foreach(package IN ITEMS actorbench libactorbench-dev)
  if(package STREQUAL "actorbench")
    set(component command)
  else()
    set(component dev)
  endif()
  install(FILES "${PROJECT_SOURCE_DIR}/packaging/copyright"
          DESTINATION "${CMAKE_INSTALL_DATADIR}/doc/${package}" COMPONENT ${component})
endforeach()

# The Debian packages holding the files the static libraries link (the
# unversioned .so links are in the -dev packages), and the header-only
# libraries the CMake package finds; empty off Debian.
set(dev_depends)
find_program(ACTORBENCH_DPKG_QUERY dpkg-query)
mark_as_advanced(ACTORBENCH_DPKG_QUERY)
set(owned_files ${ACTORBENCH_LINKED_FILES})
if(TARGET actorbench_bench)
  foreach(package_dir IN ITEMS CLI11_DIR nlohmann_json_DIR)
    if(${package_dir})
      list(APPEND owned_files "${${package_dir}}")
    endif()
  endforeach()
endif()
if(ACTORBENCH_DPKG_QUERY AND owned_files)
  set(queried)
  foreach(file IN LISTS owned_files)
    # dpkg records /usr/lib/..., a merged /usr may give /lib/... .
    string(REGEX REPLACE "^/lib/" "/usr/lib/" file "${file}")
    list(APPEND queried "${file}")
  endforeach()
  execute_process(COMMAND ${ACTORBENCH_DPKG_QUERY} -S ${queried}
                  OUTPUT_VARIABLE owners ERROR_QUIET)
  string(REGEX MATCHALL "[^\n]+" owner_lines "${owners}")
  foreach(line IN LISTS owner_lines)
    if(line MATCHES "^([^:,]+)(:[a-z0-9]+)?: ")
      list(APPEND dev_depends "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES dev_depends)
  list(SORT dev_depends)
endif()
# The CMake package finds libsodium through pkg-config.
list(APPEND dev_depends "pkgconf | pkg-config")
list(JOIN dev_depends ", " dev_depends)

set(CPACK_PACKAGE_NAME actorbench)
set(CPACK_PACKAGE_VENDOR "actorbench")
# The packages' one-line summary is the project's description; CPack puts it
# before each component's description.
set(CPACK_PACKAGE_CONTACT "actorbench maintainers <actorbench@localhost>")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_GENERATOR DEB)
set(CPACK_COMPONENTS_ALL command dev)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://www.actor-framework.org/")

set(CPACK_DEBIAN_COMMAND_PACKAGE_NAME actorbench)
set(CPACK_DEBIAN_COMMAND_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_COMMAND_PACKAGE_SHLIBDEPS ON)
# bash-completion loads the completion from its standard place; gnuplot
# draws --plot; valgrind runs --measure instructions.
set(CPACK_DEBIAN_COMMAND_PACKAGE_RECOMMENDS "bash-completion")
set(CPACK_DEBIAN_COMMAND_PACKAGE_SUGGESTS "gnuplot-nox, valgrind")
set(CPACK_COMPONENT_COMMAND_DESCRIPTION
    "The actorbench command: twelve scenarios on the C++ Actor Framework (CAF
0.17), from a game zone's tick budget to one decrypt, with eight crypto
libraries as back-ends; every figure with its interval.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libactorbench-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${dev_depends}")
set(CPACK_COMPONENT_DEV_DESCRIPTION
    "The development files of actorbench's embeddable actor pool and
benchmark harness: headers, static libraries, the CMake package
(find_package(actorbench)), the pkg-config files (actorbench,
actorbench-caf-protections) and the objects of the CAF protections that
every program running remote actors links.")

include(CPack)
