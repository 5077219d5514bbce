#include "actors/runtime/context_strategy.hpp"

namespace actorbench::actors {

std::string_view to_string(context_strategy s) {
  switch (s) {
    case context_strategy::per_message:
      return "per-message";
    case context_strategy::per_thread:
      return "per-thread";
    case context_strategy::per_actor:
      break;
  }
  return "per-actor";
}

std::optional<context_strategy> parse_context_strategy(std::string_view name) {
  if (name == "per-message")
    return context_strategy::per_message;
  if (name == "per-actor")
    return context_strategy::per_actor;
  if (name == "per-thread")
    return context_strategy::per_thread;
  return std::nullopt;
}

} // namespace actorbench::actors
