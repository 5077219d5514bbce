#include "command/document_command.hpp"

#include "command/bash_completion.hpp"
#include "command/man_page.hpp"
#include "bench/output/text_wrap.hpp"

namespace actorbench::bench {

std::vector<std::string> completion_shells() {
  return {"bash"};
}

result<std::string> completion_script(const std::string& shell, const tool_outline& t) {
  if (shell == "bash")
    return bash_completion(t);
  return bad_input("invalid shell '" + shell + "': expected " + joined(completion_shells(), ", "));
}

int print_document(target_kind kind, const std::vector<std::string>& arguments,
                   const tool_outline& t, const command_context& ctx) {
  if (kind == target_kind::man) {
    if (!arguments.empty())
      return report_failure(
        ctx, bad_input("unexpected argument '" + arguments.front() + "' for man; it takes none"));
    ctx.out << man_page(t);
    return 0;
  }
  if (arguments.size() != 1)
    return report_failure(
      ctx, bad_input((arguments.empty()
                        ? std::string{"completion needs a shell"}
                        : "completion takes one shell, not " + std::to_string(arguments.size()))
                     + ": expected " + joined(completion_shells(), ", ")));
  auto script = completion_script(arguments.front(), t);
  if (!script)
    return report_failure(ctx, script.err());
  ctx.out << *script;
  return 0;
}

} // namespace actorbench::bench
