#include "bench/harness/interrupt.hpp"

#include <csignal>

namespace actorbench::bench {

namespace {

std::atomic<bool> interrupted{false};
std::atomic<int> last_signal{0};

static_assert(std::atomic<bool>::is_always_lock_free, "the flag is set in a signal handler");

extern "C" void on_signal(int sig) {
  last_signal.store(sig);
  interrupted.store(true);
  // The next one ends the process the usual way.
  std::signal(sig, SIG_DFL);
}

} // namespace

void catch_interrupts() {
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

const std::atomic<bool>& interrupt_flag() noexcept {
  return interrupted;
}

int interrupt_signal() noexcept {
  return last_signal.load();
}

} // namespace actorbench::bench
