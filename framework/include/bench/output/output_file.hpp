#pragma once

#include <functional>
#include <memory>
#include <ostream>
#include <string>

#include "bench/error.hpp"

namespace actorbench::bench {

/// Who may read an output file once it is in place.
enum class file_access {
  /// As a normal create gives it: 0666 less the umask, or the permission
  /// bits (rwx, no set-id) of the file it replaces.
  usual,
  /// The owner alone (0600), whatever the umask: for private keys.
  owner_only,
};

/// A user-named output file (--output, --plot, --dump-keys) being written.
///
/// The data goes to a temporary file beside the target (same directory,
/// unique hidden name); commit() flushes it, checking every write, syncs it
/// to the disk, closes it and renames it over the target. Until then, and
/// for ever if anything fails, the previous file stays as it was byte for
/// byte, and destroying an uncommitted output_file removes the temporary one.
/// A symbolic link is followed: the file it names is replaced, the link kept.
/// A target that exists but is no regular file (a device such as /dev/null,
/// a pipe), or is the file standard output or standard error already go to,
/// has nothing to replace: it is written in place, appended to.
///
/// Errors are runtime_failure "cannot write OPTION 'PATH': REASON", REASON
/// being the system's text for the errno (e.g. "No space left on device").
class output_file {
 public:
  /// Starts writing `path`; `option` names it in errors ("--output").
  static result<output_file> open(const std::string& path, const std::string& option,
                                  file_access access = file_access::usual);

  output_file(output_file&&) noexcept;
  output_file& operator=(output_file&&) noexcept;
  ~output_file();

  /// Where the contents go. A failed write makes it bad and commit() fail.
  std::ostream& stream();

  /// Puts the file in place; afterwards, or after a failure, the object has
  /// nothing left to do.
  result<void> commit();

 private:
  struct state;
  explicit output_file(std::unique_ptr<state> s);
  std::unique_ptr<state> state_;
};

/// The directory `path` is in: "." for a bare name, "/" for one in the root.
std::string directory_of(const std::string& path);

/// Writes what `write` produces to `path` through an output_file and commits it.
result<void> write_output_file(const std::string& path, const std::string& option,
                               const std::function<void(std::ostream&)>& write,
                               file_access access = file_access::usual);

} // namespace actorbench::bench
