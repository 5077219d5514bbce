#pragma once

// Reassembles frames from a TCP byte stream that arrives in arbitrary pieces.

#include <cstddef>
#include <optional>

#include "packet_codec.hpp"

namespace game {

class frame_reader {
 public:
  /// Adds bytes received from the stream.
  void append(const char* data, std::size_t size) {
    if (start_ > 0 && start_ == buf_.size()) {
      buf_.clear();
      start_ = 0;
    }
    const auto* p = reinterpret_cast<const std::uint8_t*>(data);
    buf_.insert(buf_.end(), p, p + size);
  }

  /// Calls `on_frame(const frame&)` for every complete frame, in order; it
  /// returns false to stop early. The frame's payload is valid only during
  /// the call. Returns the error that makes the rest of the stream unreadable.
  template <class OnFrame>
  std::optional<codec_errc> drain(OnFrame&& on_frame) {
    while (start_ < buf_.size()) {
      auto r = decode_frame({buf_.data() + start_, buf_.size() - start_});
      if (!r)
        return r.err();
      if (!r->has_value())
        break;
      start_ += (*r)->size;
      if (!on_frame(**r))
        break;
    }
    // Keep the buffer from growing: drop what has been decoded once it is most of it.
    if (start_ > 0 && start_ * 2 >= buf_.size()) {
      buf_.erase(buf_.begin(), buf_.begin() + static_cast<std::ptrdiff_t>(start_));
      start_ = 0;
    }
    return std::nullopt;
  }

  /// Bytes received but not yet part of a whole frame: the start of one.
  std::size_t pending() const noexcept { return buf_.size() - start_; }

 private:
  bytes buf_;
  std::size_t start_ = 0;
};

} // namespace game
