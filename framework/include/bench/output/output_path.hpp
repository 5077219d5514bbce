#pragma once

#include <string>

#include "bench/error.hpp"

namespace actorbench::bench {

/// Checks before any work that `path` can be written: not a directory, and
/// its directory writable (an output file is replaced through a temporary
/// file beside it, see output_file), an existing file writable too. A device
/// or pipe (/dev/null) only needs to be writable. A symbolic link is
/// followed: one to a missing file is refused, as output_file would refuse
/// it after the work. `option` names the option in errors.
result<void> check_output_path(const std::string& option, const std::string& path);

/// Whether `a` and `b` name one file: the same device and inode when both
/// exist, so that "a.json", "./a.json" and a symbolic link to it are one;
/// else the same name in the same directory.
bool same_file(const std::string& a, const std::string& b);

/// bad_input "invalid OPTION 'PATH': it is the same file as WHAT 'OTHER'"
/// when same_file(path, other), so that one output does not overwrite an
/// input or another output; true otherwise, or when either is empty.
result<void> refuse_same_file(const std::string& option, const std::string& path,
                              const std::string& what, const std::string& other);

/// check_output_path for --plot, which also needs a .svg or .png name.
result<void> check_plot_path(const std::string& path);

} // namespace actorbench::bench
