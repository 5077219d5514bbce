#include "bench/plot.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
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

#include "bench/comparison.hpp"
#include "bench/statistics.hpp"

extern char** environ;

namespace actorbench::bench {

namespace {

constexpr auto gnuplot_timeout = std::chrono::seconds{30};
const char* const not_found = "gnuplot not found: install it with apt-get install gnuplot-nox";

enum class image_format { svg, png };

// --- script text ----------------------------------------------------------

/// A gnuplot single-quoted string: no backslash escapes, '' for a quote. Line
/// breaks would end the command, so they become spaces. The terminals are set
/// `noenhanced`, so _ ^ @ & { } are shown as they are.
std::string quote(const std::string& text) {
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

/// A gnuplot double-quoted string (\\ and \" escaped) with a line break after
/// each ", " when `split`: a tick label over several lines.
std::string tic_label(const std::string& text, bool split) {
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (split && c == ',' && i + 1 < text.size() && text[i + 1] == ' ') {
      out += "\\n";
      ++i;
    } else if (c == '\\' || c == '"') {
      out += '\\';
      out += c;
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out + "\"";
}

/// A number as gnuplot reads it, whatever the process locale.
std::string num(double v) {
  std::ostringstream out;
  out.imbue(std::locale::classic());
  out.precision(9);
  out << v;
  return out.str();
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

std::string preamble(image_format format, int width, int height) {
  return "set encoding utf8\n" + terminal(format, width, height)
         + "set grid lc rgb '#d0d0d0'\n"
           "set border lc rgb '#404040'\n"
           "set key box opaque Left reverse samplen 3 spacing 1.2\n";
}

/// Line colours, distinguishable also in grey.
const char* colour(std::size_t i) {
  static const char* const palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e",
                                        "#9467bd", "#8c564b", "#e377c2", "#17becf"};
  return palette[i % (sizeof(palette) / sizeof(palette[0]))];
}

std::string line_style(std::size_t i) {
  return " lw 2 pt " + std::to_string(7 + (i % 4) * 2) + " ps 0.9 lc rgb '" + colour(i) + "'";
}

// --- what varies ------------------------------------------------------------

template <class F>
bool varies(const std::vector<const fanout_result*>& rs, F field) {
  for (const auto* r : rs)
    if (field(*r) != field(*rs.front()))
      return true;
  return false;
}

/// Results sharing everything but the scanned field, in order of appearance.
struct group {
  std::vector<const fanout_result*> members;
  std::string label;
};

/// Groups `rs` by everything but the field `erase` clears. Results whose
/// result_labels() agree once that field is cleared form a group, named by that
/// label; a lone group is named by `single` instead.
std::vector<group> group_by_rest(const std::vector<const fanout_result*>& rs,
                                 const std::function<void(fanout_result&)>& erase,
                                 const std::function<std::string(const fanout_result&)>& single) {
  std::vector<fanout_result> copies;
  for (const auto* r : rs) {
    copies.push_back(*r);
    erase(copies.back());
  }
  auto labels = result_labels(copies);
  std::vector<group> groups;
  for (std::size_t i = 0; i < rs.size(); ++i) {
    auto at = std::find_if(groups.begin(), groups.end(),
                           [&](const group& g) { return g.label == labels[i]; });
    if (at == groups.end())
      groups.push_back(group{{rs[i]}, labels[i]});
    else
      at->members.push_back(rs[i]);
  }
  if (groups.size() == 1)
    groups.front().label = single(*rs.front());
  return groups;
}

std::string crypto_text(const fanout_result& r) {
  return r.crypto ? "crypto on, " + r.backend + "/" + r.cipher : std::string{"crypto off"};
}

// --- the three plots ----------------------------------------------------------

std::string procs_scan_script(const std::vector<const fanout_result*>& rs, image_format format) {
  auto groups = group_by_rest(
    rs, [](fanout_result& r) { r.procs = 0; },
    [](const fanout_result& r) {
      return crypto_text(r) + ", " + std::to_string(r.threads) + " threads";
    });
  std::string s = preamble(format, 1280, 560);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    auto members = groups[g].members;
    std::stable_sort(members.begin(), members.end(),
                     [](const auto* a, const auto* b) { return a->procs < b->procs; });
    s += "$g" + std::to_string(g) + " << EOD\n";
    for (const auto* r : members) {
      auto sum = summarize(r->samples_s);
      double per = r->procs > 0 ? 1e6 / static_cast<double>(r->procs) : 0;
      s += num(static_cast<double>(r->procs)) + ' ' + num(sum.median) + ' ' + num(sum.min) + ' '
           + num(sum.max) + ' ' + num(sum.median * per) + ' ' + num(sum.min * per) + ' '
           + num(sum.max * per) + '\n';
    }
    s += "EOD\n";
  }
  s += "set multiplot layout 1,2 title 'actorbench fan-out: time vs actors' font ',15'\n"
       "set title 'median of the runs (bars: fastest to slowest run)'\n"
       "set logscale xy\n"
       "set offsets graph 0.04, graph 0.04, 0, 0\n"
       "set format x '%.0s%c'\n"
       "set xlabel 'sender actors (log scale)'\n"
       "set ylabel 'seconds from first spawn to last reply'\n"
       "set key top left\n";
  auto plot = [&](const char* columns) {
    std::string p = "plot ";
    for (std::size_t g = 0; g < groups.size(); ++g)
      p += std::string(g ? ", \\\n     " : "") + "$g" + std::to_string(g) + " using " + columns
           + " with yerrorlines" + line_style(g) + " title " + quote(groups[g].label);
    return p + "\n";
  };
  s += plot("1:2:3:4");
  s += "set title 'median time per sender actor (bars: fastest to slowest run)'\n"
       "unset logscale y\n"
       "set yrange [0:*]\n"
       "set ylabel 'µs per sender actor'\n"
       "set key top right\n";
  s += plot("1:5:6:7");
  s += "unset multiplot\n";
  return s;
}

std::string threads_scan_script(const std::vector<const fanout_result*>& rs, image_format format) {
  auto groups = group_by_rest(
    rs, [](fanout_result& r) { r.threads = 0; },
    [](const fanout_result& r) { return std::to_string(r.procs) + " actors, " + crypto_text(r); });
  std::size_t fewest = rs.front()->threads, most = rs.front()->threads;
  std::vector<std::size_t> counts;
  for (const auto* r : rs) {
    fewest = std::min(fewest, r->threads);
    most = std::max(most, r->threads);
    if (std::find(counts.begin(), counts.end(), r->threads) == counts.end())
      counts.push_back(r->threads);
  }
  std::sort(counts.begin(), counts.end());
  std::string s = preamble(format, 1280, 560);
  for (std::size_t g = 0; g < groups.size(); ++g) {
    auto members = groups[g].members;
    std::stable_sort(members.begin(), members.end(),
                     [](const auto* a, const auto* b) { return a->threads < b->threads; });
    // Each group against its own fewest threads; efficiency relative to the
    // growth in threads, so 1 is linear scaling (speed-up / threads when the
    // fewest is 1).
    double base = summarize(members.front()->samples_s).median;
    double base_threads = static_cast<double>(std::max<std::size_t>(members.front()->threads, 1));
    s += "$g" + std::to_string(g) + " << EOD\n";
    for (const auto* r : members) {
      auto sum = summarize(r->samples_s);
      if (sum.median <= 0 || sum.min <= 0 || sum.max <= 0)
        continue;
      double speedup = base / sum.median, lo = base / sum.max, hi = base / sum.min;
      double growth = static_cast<double>(std::max<std::size_t>(r->threads, 1)) / base_threads;
      s += num(static_cast<double>(r->threads)) + ' ' + num(speedup) + ' ' + num(lo) + ' '
           + num(hi) + ' ' + num(speedup / growth) + ' ' + num(lo / growth) + ' '
           + num(hi / growth) + '\n';
    }
    s += "EOD\n";
  }
  std::string tics;
  for (auto c : counts)
    tics += (tics.empty() ? "" : ", ") + std::to_string(c);
  std::string t0 = std::to_string(std::max<std::size_t>(fewest, 1));
  s += "set multiplot layout 1,2 title 'actorbench fan-out: speed-up vs threads' font ',15'\n"
       "set xtics (" + tics + ")\n"
       "set xrange [" + num(static_cast<double>(fewest) - 0.5) + ":"
       + num(static_cast<double>(most) + 0.5) + "]\n"
       "set xlabel 'scheduler worker threads'\n"
       "set key top left\n";
  auto plot = [&](const char* columns, const std::string& ideal) {
    std::string p = "plot " + ideal + " with lines dt 2 lw 1.5 lc rgb '#606060' title "
                    + quote("ideal (linear)");
    for (std::size_t g = 0; g < groups.size(); ++g)
      p += ", \\\n     $g" + std::to_string(g) + " using " + columns + " with yerrorlines"
           + line_style(g) + " title " + quote(groups[g].label);
    return p + "\n";
  };
  s += "set title 'median at " + t0 + " thread" + (t0 == "1" ? "" : "s")
       + " / median (bars: slowest to fastest run)'\n"
         "set yrange [0:*]\n"
         "set ylabel 'speed-up (×)'\n";
  s += plot("1:2:3:4", "x / " + t0 + ".0");
  s += "set title 'parallel efficiency (1 = linear scaling)'\n"
       "set yrange [0:*]\n"
       "set ylabel "
       + quote(fewest <= 1 ? "efficiency (speed-up / threads)"
                           : "efficiency (speed-up / (threads / " + t0 + "))")
       + "\n"
         "set key bottom left\n";
  s += plot("1:5:6:7", "1");
  s += "unset multiplot\n";
  return s;
}

std::string comparison_script(const std::vector<const fanout_result*>& rs,
                              const fanout_result* reference, image_format format) {
  std::vector<fanout_result> copies;
  for (const auto* r : rs)
    copies.push_back(*r);
  auto labels = result_labels(copies);
  std::size_t n = rs.size();
  int width = static_cast<int>(std::clamp<std::size_t>(200 + 170 * n, 800, 1800));
  // Up to 8 bars each label gets its own lines; beyond, slanted single lines.
  bool split = n <= 8;
  std::string s = preamble(format, width, 600);
  double top = 0;
  std::string bars = "$bars << EOD\n", runs = "$runs << EOD\n", notes;
  for (std::size_t i = 0; i < n; ++i) {
    const auto& samples = rs[i]->samples_s;
    auto sum = summarize(samples);
    bars += std::to_string(i) + ' ' + num(sum.mean) + ' ' + num(sum.stddev) + '\n';
    for (std::size_t k = 0; k < samples.size(); ++k) {
      double spread = samples.size() > 1 ? 0.3 * (static_cast<double>(k) / static_cast<double>(samples.size() - 1) - 0.5) : 0;
      runs += num(static_cast<double>(i) + spread) + ' ' + num(samples[k]) + '\n';
    }
    double above = std::max(sum.mean + sum.stddev, sum.max);
    top = std::max(top, above);
    if (reference != nullptr && n > 1) {
      auto text = rs[i] == reference
                    ? std::string{"reference"}
                    : to_string(compare_to(*rs[i], *reference).speed);
      notes += "set label " + quote(text) + " at " + std::to_string(i) + ", " + num(above)
               + " center offset 0,1 front\n";
    }
  }
  bars += "EOD\n";
  runs += "EOD\n";
  s += bars + runs + notes;
  std::string tics;
  std::size_t lines = 1;
  for (const auto& l : labels) {
    std::size_t parts = 1;
    for (std::size_t at = 0; split && (at = l.find(", ", at)) != std::string::npos; at += 2)
      ++parts;
    lines = std::max(lines, parts);
  }
  for (std::size_t i = 0; i < n; ++i)
    tics += (i ? ", " : "") + tic_label(labels[i], split) + " " + std::to_string(i);
  s += "set title " + quote("actorbench fan-out: " + std::to_string(rs.front()->procs) + " actors")
       + " font ',15'\n"
         "set xlabel 'configuration' offset 0," + std::to_string(-static_cast<int>(lines - 1)) + "\n"
         "set bmargin " + std::to_string(lines + (split ? 3 : 8)) + "\n"
         "set ylabel 'seconds (mean ± σ)'\n"
         "set xtics (" + tics + ")" + (split ? "" : " rotate by 30 right") + "\n"
         "set grid noxtics ytics\n"
         "set xrange [-0.6:" + num(static_cast<double>(n) - 0.4) + "]\n"
         "set yrange [0:" + num(top > 0 ? top * 1.15 : 1) + "]\n"
         "set boxwidth 0.6\n"
         "set style fill solid 0.55 border lc rgb '#303030'\n"
         "set key above\n"
         "plot $bars using 1:2 with boxes lc rgb '#4c72b0' title 'mean of the runs', \\\n"
         "     $bars using 1:2:3 with yerrorbars pt -1 lw 1.5 lc rgb '#000000' title '± 1 σ', \\\n"
         "     $runs using 1:2 with points pt 7 ps 0.5 lc rgb '#dd8452' title 'single runs'\n";
  return s;
}

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
  const std::string timed_out = "gnuplot did not finish within "
                                + std::to_string(gnuplot_timeout.count()) + " s";

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

} // namespace

result<bool> write_plot(const report& r, const std::string& path, const std::string& gnuplot) {
  auto format = format_of(path);
  if (!format || path.size() < 5 || path[path.size() - 5] == '/')
    return bad_input("invalid --plot '" + path + "': expected a .svg or .png file");

  std::vector<const fanout_result*> measured;
  for (const auto& result : r.results)
    if (!result.samples_s.empty())
      measured.push_back(&result);
  if (measured.empty())
    return bad_input("nothing to plot: no configuration has a measured run");
  const fanout_result* reference =
    r.reference < r.results.size() && !r.results[r.reference].samples_s.empty()
      ? &r.results[r.reference]
      : nullptr;

  std::string script;
  if (varies(measured, [](const fanout_result& x) { return x.procs; }))
    script = procs_scan_script(measured, *format);
  else if (varies(measured, [](const fanout_result& x) { return x.threads; }))
    script = threads_scan_script(measured, *format);
  else
    script = comparison_script(measured, reference, *format);

  auto program = find_program(gnuplot);
  if (!program)
    return runtime_failure(not_found);
  auto image = run_gnuplot(*program, script);
  if (!image)
    return image.err();

  std::ofstream file{path, std::ios::binary | std::ios::trunc};
  if (file)
    file.write(image->data(), static_cast<std::streamsize>(image->size()));
  file.close();
  if (!file)
    return runtime_failure("cannot write --plot '" + path + "'");
  return true;
}

} // namespace actorbench::bench
