#include "bench/output/gnuplot.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <locale>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/output/output_file.hpp"

extern char** environ;

namespace actorbench::bench {

namespace {

constexpr auto gnuplot_timeout = std::chrono::seconds{30};
const char* const not_found = "gnuplot not found: install it with apt-get install gnuplot-nox";

// --- running gnuplot ------------------------------------------------------------

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

/// Closes a descriptor once.
struct fd_guard {
  int fd = -1;
  ~fd_guard() { reset(); }
  void reset() {
    if (fd >= 0)
      ::close(fd);
    fd = -1;
  }
};

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

/// Runs `program` with `script` on its standard input; returns its standard output.
result<std::string> run_gnuplot(const std::string& program, const std::string& script) {
  int in_pair[2], out_pipe[2], err_pipe[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, in_pair) != 0)
    return runtime_failure(std::string{"cannot start gnuplot: "} + std::strerror(errno));
  fd_guard in_parent{in_pair[0]}, in_child{in_pair[1]};
  if (::pipe2(out_pipe, O_CLOEXEC) != 0)
    return runtime_failure(std::string{"cannot start gnuplot: "} + std::strerror(errno));
  fd_guard out_parent{out_pipe[0]}, out_child{out_pipe[1]};
  if (::pipe2(err_pipe, O_CLOEXEC) != 0)
    return runtime_failure(std::string{"cannot start gnuplot: "} + std::strerror(errno));
  fd_guard err_parent{err_pipe[0]}, err_child{err_pipe[1]};

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_child.fd, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_child.fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_child.fd, STDERR_FILENO);
  // -d: ignore the user's gnuplot start-up files, for the same plot everywhere.
  std::string arg0 = program, arg1 = "-d";
  char* argv[] = {arg0.data(), arg1.data(), nullptr};
  // Its own process group, so that a timeout ends whatever it started too.
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attributes, 0);
  pid_t pid = 0;
  int spawned = ::posix_spawn(&pid, program.c_str(), &actions, &attributes, argv, environ);
  posix_spawnattr_destroy(&attributes);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    if (spawned == ENOENT || spawned == EACCES || spawned == ENOEXEC)
      return runtime_failure(not_found);
    return runtime_failure(std::string{"cannot start gnuplot: "} + std::strerror(spawned));
  }
  in_child.reset();
  out_child.reset();
  err_child.reset();
  for (int fd : {in_parent.fd, out_parent.fd, err_parent.fd})
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);

  auto deadline = std::chrono::steady_clock::now() + gnuplot_timeout;
  auto remaining_ms = [&] {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      deadline - std::chrono::steady_clock::now());
    return static_cast<int>(std::max<long long>(left.count(), 0));
  };
  auto kill_child = [&](std::string why) -> result<std::string> {
    ::kill(-pid, SIGKILL);
    int ignored = 0;
    while (::waitpid(pid, &ignored, 0) < 0 && errno == EINTR) {
    }
    return runtime_failure(std::move(why));
  };
  const std::string timed_out =
    "gnuplot did not finish within " + std::to_string(gnuplot_timeout.count()) + " s";

  std::string out, err;
  std::size_t written = 0;
  if (script.empty())
    in_parent.reset();
  char buf[65536];
  while (out_parent.fd >= 0 || err_parent.fd >= 0) {
    pollfd fds[3];
    nfds_t count = 0;
    if (in_parent.fd >= 0)
      fds[count++] = pollfd{in_parent.fd, POLLOUT, 0};
    if (out_parent.fd >= 0)
      fds[count++] = pollfd{out_parent.fd, POLLIN, 0};
    if (err_parent.fd >= 0)
      fds[count++] = pollfd{err_parent.fd, POLLIN, 0};
    int wait = remaining_ms();
    if (wait == 0)
      return kill_child(timed_out);
    int ready = ::poll(fds, count, wait);
    if (ready < 0) {
      if (errno == EINTR)
        continue;
      return kill_child(std::string{"cannot wait for gnuplot: "} + std::strerror(errno));
    }
    for (nfds_t i = 0; i < count; ++i) {
      if (fds[i].revents == 0)
        continue;
      if (fds[i].fd == in_parent.fd) {
        auto n = ::send(in_parent.fd, script.data() + written, script.size() - written,
                        MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0)
          written += static_cast<std::size_t>(n);
        // Done, or gnuplot stopped reading (it quit on an error): end its input.
        if (written == script.size() || (n < 0 && errno != EAGAIN && errno != EINTR))
          in_parent.reset();
        continue;
      }
      fd_guard& guard = fds[i].fd == out_parent.fd ? out_parent : err_parent;
      std::string& sink = fds[i].fd == out_parent.fd ? out : err;
      auto n = ::read(guard.fd, buf, sizeof(buf));
      if (n > 0)
        sink.append(buf, static_cast<std::size_t>(n));
      else if (n == 0 || (errno != EAGAIN && errno != EINTR))
        guard.reset();
    }
  }
  in_parent.reset();

  int status = 0;
  for (;;) {
    auto done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid)
      break;
    if (done < 0 && errno != EINTR)
      return runtime_failure(std::string{"cannot wait for gnuplot: "} + std::strerror(errno));
    if (remaining_ms() == 0)
      return kill_child(timed_out);
    std::this_thread::sleep_for(std::chrono::milliseconds{5});
  }
  if (WIFSIGNALED(status))
    return runtime_failure("gnuplot was killed by signal " + std::to_string(WTERMSIG(status)));
  auto line = first_error_line(err);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    if (!line.empty())
      return runtime_failure("gnuplot failed: " + line);
    return runtime_failure("gnuplot failed with exit status "
                           + std::to_string(WEXITSTATUS(status)));
  }
  if (out.empty())
    return runtime_failure("gnuplot produced no image" + (line.empty() ? "" : ": " + line));
  return out;
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

std::string terminal(image_format format, int width, int height) {
  auto size = "size " + std::to_string(width) + "," + std::to_string(height);
  if (format == image_format::svg)
    return "set terminal svg " + size + " dynamic noenhanced font 'sans,12' background '#ffffff'\n";
  return "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
         "  set terminal pngcairo " + size + " noenhanced font 'sans,10' background '#ffffff'\n"
         "} else {\n"
         "  set terminal png " + size + " noenhanced background '#ffffff'\n"
         "}\n";
}

} // namespace

std::string gnuplot_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out += "''";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  return out + "'";
}

std::string gnuplot_number(double v) {
  std::ostringstream out;
  out.imbue(std::locale::classic());
  out.precision(9);
  out << v;
  return out.str();
}

std::string gnuplot_preamble(image_format format, int width, int height) {
  return "set encoding utf8\n" + terminal(format, width, height)
         + "set grid lc rgb '#d0d0d0'\n"
           "set border lc rgb '#404040'\n"
           "set key box opaque Left reverse samplen 3 spacing 1.2\n";
}

const char* gnuplot_colour(std::size_t i) {
  static const char* const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                        "#9467bd", "#8c564b", "#e377c2", "#17becf"};
  return palette[i % (sizeof(palette) / sizeof(palette[0]))];
}

std::string gnuplot_line_style(std::size_t i) {
  return " lw 2 pt " + std::to_string(7 + (i % 4) * 2) + " ps 0.9 lc rgb '" + gnuplot_colour(i)
         + "'";
}

result<image_format> plot_format(const std::string& path) {
  auto format = format_of(path);
  if (!format || path.size() < 5 || path[path.size() - 5] == '/')
    return bad_input("invalid --plot '" + path + "': expected a .svg or .png file");
  return *format;
}

result<bool> render_plot(const std::string& script, const std::string& path,
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
