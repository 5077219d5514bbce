#pragma once

#include <atomic>
#include <cstdint>
#include <mutex>

namespace actorbench::actors {

/// The executable-code ranges of one shared library loaded in this process,
/// e.g. libcaf_io. The executable's wrappers of C library and OpenSSL
/// functions change only the calls one CAF library makes: they tell them
/// apart by the caller's return address.
class library_code_ranges {
 public:
  /// `name` is a part of the library's file name, e.g. "libcaf_io.".
  explicit constexpr library_code_ranges(const char* name) noexcept : name_(name) {}
  library_code_ranges(const library_code_ranges&) = delete;
  library_code_ranges& operator=(const library_code_ranges&) = delete;

  /// Finds the library's code in this process, once; false when it is not
  /// loaded. Thread-safe.
  bool locate();

  /// Whether `address` lies in the library's code; false before locate().
  bool contains(const void* address) const noexcept;

 private:
  struct range {
    std::uintptr_t begin = 0;
    std::uintptr_t end = 0;
  };
  static constexpr int max_ranges = 4;

  const char* name_;
  std::once_flag once_;
  range ranges_[max_ranges] = {};
  // Published after `ranges_` is written; readers load it first.
  std::atomic<int> count_{0};
};

/// libcaf_io's code: CAF's network layer (BASP, acceptors, TCP reads).
library_code_ranges& caf_io_code();

} // namespace actorbench::actors
