#pragma once

#include <type_traits>
#include <utility>

#include <caf/event_based_actor.hpp>
#include <caf/message_handler.hpp>
#include <caf/sec.hpp>

namespace actorbench::actors {

/// A worker node's handler of one `Request`: answers with what
/// `spawn(node's system, request)` returns, or its error as CAF's runtime_error.
template <class Request, class Spawn>
caf::message_handler answer_on_node(caf::event_based_actor* node, Spawn spawn) {
  using answer = std::decay_t<decltype(*spawn(node->system(), std::declval<const Request&>()))>;
  return {[node, spawn](const Request& req) -> caf::result<answer> {
    auto made = spawn(node->system(), req);
    if (!made)
      return caf::make_error(caf::sec::runtime_error, made.err().detail);
    return *made;
  }};
}

} // namespace actorbench::actors
