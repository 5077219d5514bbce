#include "command/command_context.hpp"

#include "bench/output/output_file.hpp"
#include "bench/output/standard_output.hpp"

namespace actorbench::bench {

namespace {

result<void> check_out(const command_context& ctx) {
  if (ctx.standard_out)
    return flush_standard_output();
  ctx.out.flush();
  if (!ctx.out)
    return runtime_failure("cannot write to the output stream");
  return {};
}

// The layers below name an option by its declared name; the user reads the
// spelling they typed ("invalid --iterations '0'" after --iterations 0).
std::string as_typed(std::string message, const by_name<std::string>& spellings) {
  for (const auto& [name, typed] : spellings)
    for (const char* after : {" '", ":"}) {
      auto at = message.find("--" + name + after);
      if (at != std::string::npos)
        message.replace(at + 2, name.size(), typed);
    }
  return message;
}

} // namespace

int report_failure(const command_context& ctx, const error& e) {
  ctx.err << ctx.program << ": " << as_typed(e.message, ctx.spellings) << '\n';
  ctx.err.flush();
  return exit_code(e.code);
}

result<void> publish(const command_context& ctx, const output_settings& settings,
                     const std::function<void(std::ostream&, results_format)>& write) {
  result<void> written;
  if (settings.output_path.empty()) {
    write(ctx.out, settings.format);
  } else {
    written = write_output_file(settings.output_path, "--output",
                                [&](std::ostream& file) { write(file, settings.format); });
    if (settings.format != results_format::table || !written)
      write(ctx.out, results_format::table);
  }
  auto shown = check_out(ctx);
  return !written ? written : shown;
}

} // namespace actorbench::bench
