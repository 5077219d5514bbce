#pragma once

#include <cstddef>
#include <new>
#include <string_view>

namespace actorbench::bench {

/// nlohmann::json frees a document without recursion by moving the values of
/// its arrays and objects onto a std::vector first, so freeing a document
/// allocates, inside a destructor: when a parse runs out of memory, freeing
/// the half-built document throws again and std::terminate aborts. This is
/// an upper bound, from the text alone, on the values that vector holds at
/// once (a container's members plus the most any of its containers needs);
/// SIZE_MAX for text nested deeper than `max_depth`.
std::size_t teardown_values(std::string_view json_text, std::size_t max_depth = 512);

/// Memory held back while a JSON document is parsed and read, so that
/// freeing the document can always allocate what it needs: the first
/// allocation that fails while it is held frees it and throws
/// std::bad_alloc, which unwinds with room to spare. Release it before
/// freeing a document normally. One per thread at a time; it sets the
/// new_handler while alive and puts the previous one back.
class teardown_reserve {
 public:
  /// Room for teardown_values(text) values; held() is false when even this
  /// could not be allocated, and the document then will not fit.
  explicit teardown_reserve(std::size_t values);
  teardown_reserve(const teardown_reserve&) = delete;
  teardown_reserve& operator=(const teardown_reserve&) = delete;
  ~teardown_reserve();

  bool held() const;
  void release();

 private:
  std::new_handler previous_ = nullptr;
  bool installed_ = false;
};

} // namespace actorbench::bench
