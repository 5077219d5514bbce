#include "command/tool_outline.hpp"

namespace actorbench::bench {

const target_outline* find_target(const tool_outline& t, const std::string& name) {
  for (const auto* list : {&t.scenarios, &t.commands})
    for (const auto& target : *list)
      if (target.name == name)
        return &target;
  return nullptr;
}

} // namespace actorbench::bench
