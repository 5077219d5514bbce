#include "bench/servers/bounded_log.hpp"

#include <utility>

namespace actorbench::bench {

bounded_log::bounded_log(std::string prefix, std::function<std::string(std::size_t)> more,
                         std::size_t full_lines, clock::duration interval)
  : prefix_(std::move(prefix)),
    more_(std::move(more)),
    full_lines_(full_lines),
    interval_(interval) {}

std::vector<std::string> bounded_log::advance(clock::time_point now) {
  std::vector<std::string> lines;
  if (started_ && now - interval_start_ < interval_)
    return lines;
  if (started_)
    lines = finish();
  started_ = true;
  interval_start_ = now;
  shown_ = 0;
  return lines;
}

std::optional<std::string> bounded_log::add(const std::string& line, std::string example) {
  ++total_;
  if (shown_ < full_lines_) {
    ++shown_;
    return prefix_ + line;
  }
  ++counted_;
  example_ = std::move(example);
  return std::nullopt;
}

void bounded_log::count(std::size_t n) {
  total_ += n;
  counted_ += n;
}

std::vector<std::string> bounded_log::finish() {
  if (counted_ == 0)
    return {};
  auto seconds = std::chrono::duration_cast<std::chrono::seconds>(interval_).count();
  std::string line = prefix_ + more_(counted_) + " within " + std::to_string(seconds)
                     + " s, not shown one by one"
                     + (example_.empty() ? "" : " (e.g. " + example_ + ")");
  counted_ = 0;
  example_.clear();
  return {line};
}

} // namespace actorbench::bench
