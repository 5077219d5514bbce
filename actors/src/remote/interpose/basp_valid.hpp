#pragma once

#include <atomic>
#include <cstdint>

// What the caf::io::basp::valid and recv wrappers (basp_valid.cpp, in
// actorbench_caf_interpose) and basp_payload_limit share. Not installed.
namespace actorbench::actors::basp_payload_limit::detail {

/// The limit in force.
extern std::atomic<std::uint32_t> max_payload;

/// Set by the first call of the valid wrapper.
extern std::atomic<bool> wrapper_called;

/// Set before main by the wrappers' object: enable() needs them.
extern std::atomic<bool> linked;

/// Records a header declaring `declared` bytes, above `limit`, read from
/// socket `fd` (-1: unknown).
void record(int fd, std::uint32_t declared, std::uint32_t limit);

} // namespace actorbench::actors::basp_payload_limit::detail
