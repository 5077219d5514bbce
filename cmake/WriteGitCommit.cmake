# Run as a script (cmake -P) at every build: writes OUTPUT, a header holding
# the checked-out commit ("unknown" outside a git checkout), and rewrites it
# only when the commit changed, so nothing recompiles needlessly.
execute_process(COMMAND git -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
                RESULT_VARIABLE failed ERROR_QUIET)
if(failed OR commit STREQUAL "")
  set(commit "unknown")
else()
  execute_process(COMMAND git -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
                  OUTPUT_VARIABLE changes ERROR_QUIET)
  if(NOT changes STREQUAL "")
    set(commit "${commit}-dirty")
  endif()
endif()
set(text "#pragma once\n\nnamespace actorbench::bench {\n\n/// The git commit actorbench was built from (\"unknown\" outside a checkout).\ninline constexpr const char* git_commit = \"${commit}\";\n\n} // namespace actorbench::bench\n")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
