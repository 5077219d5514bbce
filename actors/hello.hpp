#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include <caf/behavior.hpp>
#include <caf/event_based_actor.hpp>

namespace actorbench::actors {

/// The seed's remote object: replies "Hello, " + name to a name.
std::string hello(const std::string& name);

/// An actor answering hello(name) to every string it receives, counting
/// the requests it served in `served`.
caf::behavior hello_actor(caf::event_based_actor* self,
                          std::shared_ptr<std::atomic<std::uint64_t>> served);

} // namespace actorbench::actors
