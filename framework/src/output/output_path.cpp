#include "bench/output/output_path.hpp"

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

#include <sys/stat.h>
#include <unistd.h>

#include "bench/output/output_file.hpp"

namespace actorbench::bench {

result<void> check_output_path(const std::string& option, const std::string& path) {
  if (path.empty())
    return bad_input("invalid " + option + " '': expected a file path");
  auto invalid = [&](const std::string& why) {
    return bad_input("invalid " + option + " '" + path + "': " + why);
  };
  struct stat st {};
  std::string dir = directory_of(path);
  if (stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      return invalid("it is a directory, expected a file");
    if (access(path.c_str(), W_OK) != 0)
      return invalid("the file is not writable");
    if (!S_ISREG(st.st_mode))
      return {};
    // The file it is, at the end of any symbolic links, is replaced in its
    // own directory.
    char real[PATH_MAX];
    if (realpath(path.c_str(), real) != nullptr)
      dir = directory_of(real);
    if (access(dir.c_str(), W_OK) != 0)
      return invalid("directory '" + dir + "' is not writable: the file is replaced, not "
                     "rewritten in place");
    return {};
  }
  // ELOOP, ENOTDIR (a file where a directory should be), EACCES: the write
  // would fail the same way after the work.
  if (errno != ENOENT)
    return invalid(std::strerror(errno));
  // A dangling link: output_file refuses it, so it is refused before the work.
  struct stat link {};
  if (lstat(path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
    char target[PATH_MAX];
    auto n = readlink(path.c_str(), target, sizeof target - 1);
    auto to = n > 0 ? " '" + std::string{target, static_cast<std::size_t>(n)} + "'" : "";
    return invalid("it is a symbolic link to a missing file" + to);
  }
  struct stat d {};
  if (stat(dir.c_str(), &d) != 0 || !S_ISDIR(d.st_mode) || access(dir.c_str(), W_OK) != 0)
    return invalid("directory '" + dir + "' does not exist or is not writable");
  return {};
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {
  }, sb{};
  bool a_exists = stat(a.c_str(), &sa) == 0;
  bool b_exists = stat(b.c_str(), &sb) == 0;
  if (a_exists || b_exists)
    return a_exists && b_exists && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  auto base = [](const std::string& p) { return p.substr(p.find_last_of('/') + 1); };
  return base(a) == base(b) && same_file(directory_of(a), directory_of(b));
}

result<void> refuse_same_file(const std::string& option, const std::string& path,
                              const std::string& what, const std::string& other) {
  if (!path.empty() && !other.empty() && same_file(path, other))
    return bad_input("invalid " + option + " '" + path + "': it is the same file as " + what + " '"
                     + other + "'");
  return {};
}

result<void> check_plot_path(const std::string& path) {
  auto ends_with = [&](const std::string& ext) {
    return path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
  };
  if (!ends_with(".svg") && !ends_with(".png"))
    return bad_input("invalid --plot '" + path + "': expected a .svg or .png file");
  return check_output_path("--plot", path);
}

} // namespace actorbench::bench
