#pragma once

#include <atomic>

namespace actorbench::bench {

/// Makes SIGINT and SIGTERM set a flag instead of killing the process, so a
/// run can stop between measurements and keep what it measured. A second
/// signal kills as usual.
void catch_interrupts();

/// Set once SIGINT or SIGTERM arrived after catch_interrupts().
const std::atomic<bool>& interrupt_flag() noexcept;

/// The signal that arrived, or 0.
int interrupt_signal() noexcept;

} // namespace actorbench::bench
