#include "bench/refusal_log.hpp"

#include <utility>

namespace actorbench::bench {

refusal_log::refusal_log(std::string prefix, std::size_t full_lines, clock::duration interval)
  : prefix_(std::move(prefix)), full_lines_(full_lines), interval_(interval) {}

std::vector<std::string> refusal_log::add(const actors::tls_monitor::refusals& refused,
                                          clock::time_point now) {
  std::vector<std::string> lines;
  if (!started_ || now - interval_start_ >= interval_) {
    if (started_)
      lines = finish();
    started_ = true;
    interval_start_ = now;
    shown_ = 0;
  }
  for (const auto& r : refused.kept) {
    ++total_;
    auto line = "refused TLS client " + r.peer + ": " + r.reason;
    if (shown_ < full_lines_) {
      ++shown_;
      lines.push_back(prefix_ + line);
    } else {
      ++counted_;
      example_ = r.peer + ": " + r.reason;
    }
  }
  // Refusals the monitor only counted have no peer or reason to show.
  total_ += refused.not_kept;
  counted_ += refused.not_kept;
  return lines;
}

std::vector<std::string> refusal_log::finish() {
  if (counted_ == 0)
    return {};
  auto seconds = std::chrono::duration_cast<std::chrono::seconds>(interval_).count();
  std::string line = prefix_ + "refused " + std::to_string(counted_) + " more TLS client"
                     + (counted_ == 1 ? "" : "s") + " within " + std::to_string(seconds)
                     + " s, not shown one by one"
                     + (example_.empty() ? "" : " (e.g. " + example_ + ")");
  counted_ = 0;
  example_.clear();
  return {line};
}

} // namespace actorbench::bench
