#include "output/progress_bar.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace actorbench::bench {

progress_bar::progress_bar(std::ostream& out, clock::duration quiet_for)
  : out_(out), start_(clock::now()), quiet_for_(quiet_for) {}

void progress_bar::update(std::size_t done, std::size_t total) {
  double secs = std::chrono::duration<double>(clock::now() - start_).count();
  update(done, total, done > 0 && done <= total ? secs * (total - done) / done : 0);
}

void progress_bar::update(std::size_t done, std::size_t total, double seconds_left) {
  auto elapsed = clock::now() - start_;
  if (total == 0 || elapsed < quiet_for_)
    return;
  constexpr int width = 30;
  auto filled = static_cast<int>(width * std::min(done, total) / total);
  double secs = std::chrono::duration<double>(elapsed).count();
  char line[128];
  std::snprintf(line, sizeof(line), "\r[%-*s] %zu/%zu runs, %.0f s elapsed, ETA %.0f s ", width,
                std::string(static_cast<std::size_t>(filled), '#').c_str(), done, total, secs,
                seconds_left);
  out_ << line << std::flush;
  drawn_ = true;
}

void progress_bar::finish() {
  if (drawn_)
    out_ << "\r\033[K" << std::flush;
  drawn_ = false;
}

} // namespace actorbench::bench
