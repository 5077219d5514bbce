#pragma once
// Driver and worker nodes for the remote tests: actor systems in one process
// that talk through CAF's middleman over loopback TCP, as `actorbench node` does.

#include <chrono>
#include <memory>

#include <doctest/doctest.h>

#include "actors/remote/remote_runtime.hpp"
#include "tests/bench/servers/builtin_nodes.hpp"

namespace actorbench::testing {

/// How long a test waits for a node to publish or answer on loopback.
inline const std::chrono::milliseconds node_connect_timeout{5000};

/// A plain (TCP) networked actor system with the built-in scenarios' message
/// types: a driver or a worker node in the remote tests.
inline std::unique_ptr<actors::remote_runtime> networked_runtime() {
  actors::remote_settings s;
  s.scheduler.threads = 2;
  s.add_message_types = builtin_message_types();
  auto rt = actors::remote_runtime::create(s);
  REQUIRE(rt);
  return std::move(*rt);
}

} // namespace actorbench::testing
