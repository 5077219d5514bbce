#include "remote/sigpipe_elision.hpp"

#include <signal.h>

#include <atomic>

#include "remote/interpose/caf_openssl_code.hpp"
#include "remote/interpose/sigmask.hpp"

namespace actorbench::actors::sigpipe_elision {

std::atomic<bool> detail::linked{false};
std::atomic<bool> detail::on{false};
std::atomic<std::size_t> detail::elided{0};

bool enable() {
  if (!detail::linked.load() || !caf_openssl_code::locate())
    return false;
  // Ignored first: from here on a write to a closed socket raises nothing.
  signal(SIGPIPE, SIG_IGN);
  detail::on.store(true);
  return true;
}

bool enabled() {
  return detail::on.load();
}

std::size_t elided_calls() {
  return detail::elided.load();
}

} // namespace actorbench::actors::sigpipe_elision
