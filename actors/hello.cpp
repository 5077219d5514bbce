#include "actors/hello.hpp"

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

} // namespace actorbench::actors
