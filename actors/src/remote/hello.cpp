#include "actors/remote/hello.hpp"

#include <caf/io/broker.hpp>
#include <caf/io/middleman.hpp>

namespace actorbench::actors {

std::string hello(const std::string& name) {
  return "Hello, " + name;
}

caf::behavior hello_actor(caf::event_based_actor*,
                          std::shared_ptr<std::atomic<std::uint64_t>> served) {
  return {
    [served](const std::string& name) {
      ++*served;
      return hello(name);
    },
  };
}

namespace {

// The same behavior in a broker, which the middleman runs in its own thread.
caf::behavior hello_broker(caf::io::broker*, std::shared_ptr<std::atomic<std::uint64_t>> served) {
  return hello_actor(nullptr, std::move(served));
}

} // namespace

std::string_view to_string(hello_host host) {
  return host == hello_host::multiplexer ? "multiplexer" : "scheduler";
}

caf::actor spawn_hello(caf::actor_system& sys, hello_host host,
                       std::shared_ptr<std::atomic<std::uint64_t>> served) {
  if (host == hello_host::multiplexer)
    return sys.middleman().spawn_broker(hello_broker, std::move(served));
  return sys.spawn(hello_actor, std::move(served));
}

} // namespace actorbench::actors
