# FindCAF: locates the C++ Actor Framework 0.17 as Debian packages it
# (libcaf-dev ships headers and shared libraries but no CMake config).
#
#   find_package(CAF REQUIRED COMPONENTS core io openssl)
#
# Defines imported targets CAF::core, CAF::io, CAF::openssl and the variables
# CAF_FOUND, CAF_VERSION, CAF_INCLUDE_DIR.

find_path(CAF_INCLUDE_DIR NAMES caf/config.hpp)

if(CAF_INCLUDE_DIR AND EXISTS "${CAF_INCLUDE_DIR}/caf/config.hpp")
  # CAF_VERSION is encoded as MMmmpp, e.g. 1706 for 0.17.6.
  file(STRINGS "${CAF_INCLUDE_DIR}/caf/config.hpp" _caf_version_line
       REGEX "^#define CAF_VERSION [0-9]+")
  string(REGEX REPLACE "^#define CAF_VERSION ([0-9]+).*" "\\1" _caf_v "${_caf_version_line}")
  if(_caf_v)
    math(EXPR _caf_major "${_caf_v} / 10000")
    math(EXPR _caf_minor "(${_caf_v} / 100) % 100")
    math(EXPR _caf_patch "${_caf_v} % 100")
    set(CAF_VERSION "${_caf_major}.${_caf_minor}.${_caf_patch}")
  endif()
endif()

if(NOT CAF_FIND_COMPONENTS)
  set(CAF_FIND_COMPONENTS core)
endif()

set(_caf_component_vars)
foreach(_comp IN LISTS CAF_FIND_COMPONENTS)
  find_library(CAF_${_comp}_LIBRARY NAMES caf_${_comp})
  if(CAF_${_comp}_LIBRARY)
    set(CAF_${_comp}_FOUND TRUE)
  endif()
  if(CAF_FIND_REQUIRED_${_comp})
    list(APPEND _caf_component_vars CAF_${_comp}_LIBRARY)
  endif()
endforeach()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CAF
  REQUIRED_VARS CAF_INCLUDE_DIR ${_caf_component_vars}
  VERSION_VAR CAF_VERSION
  HANDLE_COMPONENTS)

if(CAF_FOUND)
  find_package(Threads REQUIRED)
  foreach(_comp IN LISTS CAF_FIND_COMPONENTS)
    if(CAF_${_comp}_FOUND AND NOT TARGET CAF::${_comp})
      add_library(CAF::${_comp} SHARED IMPORTED)
      set_target_properties(CAF::${_comp} PROPERTIES
        IMPORTED_LOCATION "${CAF_${_comp}_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${CAF_INCLUDE_DIR}"
        INTERFACE_LINK_LIBRARIES Threads::Threads)
    endif()
  endforeach()
  # The higher modules build on core.
  foreach(_comp io openssl)
    if(TARGET CAF::${_comp})
      set_property(TARGET CAF::${_comp} APPEND PROPERTY INTERFACE_LINK_LIBRARIES CAF::core)
    endif()
  endforeach()
  if(TARGET CAF::openssl AND TARGET CAF::io)
    set_property(TARGET CAF::openssl APPEND PROPERTY INTERFACE_LINK_LIBRARIES CAF::io)
  endif()
endif()

mark_as_advanced(CAF_INCLUDE_DIR)
