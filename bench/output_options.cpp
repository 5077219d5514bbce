#include "bench/output_options.hpp"

#include <sys/stat.h>
#include <unistd.h>

namespace actorbench::bench {

result<output_format> parse_format(const std::string& text) {
  if (text == "table")
    return output_format::table;
  if (text == "json")
    return output_format::json;
  if (text == "csv")
    return output_format::csv;
  if (text == "markdown")
    return output_format::markdown;
  return bad_input("invalid --format '" + text + "': expected table, json, csv or markdown");
}

result<bool> check_output_path(const std::string& option, const std::string& path) {
  if (path.empty())
    return bad_input("invalid " + option + " '': expected a file path");
  struct stat st {};
  if (stat(path.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      return bad_input("invalid " + option + " '" + path + "': it is a directory, expected a file");
    if (access(path.c_str(), W_OK) != 0)
      return bad_input("invalid " + option + " '" + path + "': the file is not writable");
    return true;
  }
  auto slash = path.find_last_of('/');
  std::string dir = slash == std::string::npos ? "." : path.substr(0, slash == 0 ? 1 : slash);
  if (access(dir.c_str(), W_OK) != 0)
    return bad_input("invalid " + option + " '" + path + "': directory '" + dir
                     + "' does not exist or is not writable");
  return true;
}

result<bool> check_plot_path(const std::string& path) {
  auto ends_with = [&](const std::string& ext) {
    return path.size() > ext.size() && path.compare(path.size() - ext.size(), ext.size(), ext) == 0;
  };
  if (!ends_with(".svg") && !ends_with(".png"))
    return bad_input("invalid --plot '" + path + "': expected a .svg or .png file");
  return check_output_path("--plot", path);
}

} // namespace actorbench::bench
