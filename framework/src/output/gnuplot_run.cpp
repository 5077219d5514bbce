#include "bench/output/gnuplot_run.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <vector>

#include "bench/harness/child_process.hpp"
#include "bench/output/output_file.hpp"

namespace actorbench::bench {

namespace {

constexpr auto gnuplot_timeout = std::chrono::seconds{30};
const char* const not_found = "gnuplot not found: install it with apt-get install gnuplot-nox";

bool executable(const std::string& file) {
  return access(file.c_str(), X_OK) == 0;
}

/// The program to run: `name` itself if it contains a '/', else the first
/// executable of that name on PATH.
std::optional<std::string> find_program(const std::string& name) {
  if (name.empty())
    return std::nullopt;
  if (name.find('/') != std::string::npos)
    return executable(name) ? std::optional<std::string>{name} : std::nullopt;
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    auto end = dirs.find(':', start);
    if (end == std::string::npos)
      end = dirs.size();
    auto dir = dirs.substr(start, end - start);
    auto candidate = (dir.empty() ? std::string{"."} : dir) + "/" + name;
    if (executable(candidate))
      return candidate;
    start = end + 1;
  }
  return std::nullopt;
}

/// The most telling line of gnuplot's error output: its "line N: ..." message
/// if there is one, else the first line that is not an echo of the script.
std::string first_error_line(const std::string& err) {
  std::vector<std::string> lines;
  std::istringstream in{err};
  for (std::string line; std::getline(in, line);) {
    auto b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos)
      continue;
    line = line.substr(b);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
      line.pop_back();
    if (line.rfind("gnuplot>", 0) == 0 || line == "^")
      continue;
    lines.push_back(line);
  }
  for (const auto& l : lines)
    if (l.rfind("line ", 0) == 0)
      return l;
  return lines.empty() ? std::string{} : lines.front();
}

/// The image gnuplot printed, or why there is none, once it exited with `status`.
result<std::string> image_of(int status, const child_io& io) {
  if (WIFSIGNALED(status))
    return runtime_failure("gnuplot was killed by signal " + std::to_string(WTERMSIG(status)));
  auto line = first_error_line(io.err);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    if (!line.empty())
      return runtime_failure("gnuplot failed: " + line);
    return runtime_failure("gnuplot failed with exit status "
                           + std::to_string(WEXITSTATUS(status)));
  }
  if (io.out.empty())
    return runtime_failure("gnuplot produced no image" + (line.empty() ? "" : ": " + line));
  return io.out;
}

result<child_process> start_gnuplot(const std::string& program) {
  child_options options;
  options.feed_stdin = true;
  options.read_stderr = true;
  // Its own process group, so that a timeout ends whatever it started too.
  options.own_process_group = true;
  // -d: ignore the user's gnuplot start-up files, for the same plot everywhere.
  auto child = child_process::start(program, {program, "-d"}, options);
  if (child)
    return std::move(*child);
  const auto e = child.err();
  if (e == std::errc::no_such_file_or_directory || e == std::errc::permission_denied
      || e == std::errc::executable_format_error)
    return runtime_failure(not_found);
  return runtime_failure("cannot start gnuplot: " + e.message());
}

/// Runs `program` with `script` on its standard input; returns its standard output.
result<std::string> run_gnuplot(const std::string& program, const std::string& script) {
  auto child = start_gnuplot(program);
  if (!child)
    return child.err();
  const auto deadline = child_process::clock::now() + gnuplot_timeout;
  const std::string timed_out =
    "gnuplot did not finish within " + std::to_string(gnuplot_timeout.count()) + " s";
  child_io io{script, {}, {}};
  auto ended = child->exchange(io, deadline);
  if (!ended)
    return runtime_failure("cannot wait for gnuplot: " + ended.err().message());
  if (*ended == exchange_end::deadline)
    return runtime_failure(timed_out);
  auto waited = child->wait_until(deadline);
  if (!waited)
    return runtime_failure("cannot wait for gnuplot: " + waited.err().message());
  if (waited->killed)
    return runtime_failure(timed_out);
  return image_of(waited->status, io);
}

std::optional<image_format> format_of(const std::string& path) {
  auto slash = path.find_last_of('/');
  auto dot = path.find_last_of('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
    return std::nullopt;
  auto ext = path.substr(dot + 1);
  for (auto& c : ext)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (ext == "svg")
    return image_format::svg;
  if (ext == "png")
    return image_format::png;
  return std::nullopt;
}

} // namespace

result<image_format> plot_format(const std::string& path) {
  auto format = format_of(path);
  if (!format || path.size() < 5 || path[path.size() - 5] == '/')
    return bad_input("invalid --plot '" + path + "': expected a .svg or .png file");
  return *format;
}

result<void> render_plot(const std::string& script, const std::string& path,
                         const std::string& gnuplot) {
  auto program = find_program(gnuplot);
  if (!program)
    return runtime_failure(not_found);
  auto image = run_gnuplot(*program, script);
  if (!image)
    return image.err();

  return write_output_file(path, "--plot", [&](std::ostream& out) {
    out.write(image->data(), static_cast<std::streamsize>(image->size()));
  });
}

} // namespace actorbench::bench
