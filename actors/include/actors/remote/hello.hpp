#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>
#include <caf/behavior.hpp>
#include <caf/event_based_actor.hpp>

namespace actorbench::actors {

/// The dRuby experiment's remote object: replies "Hello, " + name to a name.
std::string hello(const std::string& name);

/// An actor answering hello(name) to every string it receives, counting
/// the requests it served in `served`.
caf::behavior hello_actor(caf::event_based_actor* self,
                          std::shared_ptr<std::atomic<std::uint64_t>> served);

/// Where the hello actor runs.
enum class hello_host {
  /// On CAF's scheduler, like any actor of a user's: a request that comes in
  /// through the middleman wakes a scheduler worker, and the reply wakes the
  /// middleman's thread again.
  scheduler,
  /// In the middleman's multiplexer thread, as a CAF broker with no
  /// connections of its own: a request is handled where it was read and the
  /// reply written from there, with no thread hand-off on the server. Only
  /// for actors as short as this one, which never block that thread.
  multiplexer,
};

/// "scheduler" or "multiplexer".
std::string_view to_string(hello_host host);

/// Spawns the hello actor (hello_actor's behavior) where `host` says.
caf::actor spawn_hello(caf::actor_system& sys, hello_host host,
                       std::shared_ptr<std::atomic<std::uint64_t>> served);

} // namespace actorbench::actors
