#include "actors/session_pool/replay_window.hpp"

namespace actorbench::actors {

namespace {

constexpr std::size_t word_of(std::uint64_t counter, std::size_t words) noexcept {
  return static_cast<std::size_t>(counter / 64) & (words - 1);
}

constexpr std::uint64_t bit_of(std::uint64_t counter) noexcept {
  return std::uint64_t{1} << (counter % 64);
}

} // namespace

replay_verdict replay_window::check(std::uint64_t counter) const noexcept {
  if (!any_ || counter > newest_)
    return replay_verdict::fresh;
  if (newest_ - counter >= size)
    return replay_verdict::too_old;
  return (bits_[word_of(counter, words)] & bit_of(counter)) != 0 ? replay_verdict::duplicate
                                                                 : replay_verdict::fresh;
}

void replay_window::accept(std::uint64_t counter) noexcept {
  if (!any_ || counter > newest_) {
    // Clear the words between the newest one so far and the new counter's,
    // at most the whole ring; before any packet, the ring is already clear.
    if (any_) {
      const std::uint64_t from = newest_ / 64, to = counter / 64;
      const std::uint64_t gap = to - from < words ? to - from : words;
      for (std::uint64_t i = 1; i <= gap; ++i)
        bits_[word_of((from + i) * 64, words)] = 0;
    }
    newest_ = counter;
    any_ = true;
  } else if (newest_ - counter >= size) {
    return;
  }
  bits_[word_of(counter, words)] |= bit_of(counter);
}

} // namespace actorbench::actors
