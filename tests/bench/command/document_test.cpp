#include <doctest/doctest.h>

#include "command/bash_completion.hpp"
#include "command/document_command.hpp"
#include "command/man_page.hpp"
#include "command/roff_text.hpp"
#include "text_search.hpp"
#include "toy_declaration.hpp"

using namespace actorbench::bench;
using actorbench::bench::testing::contains;

namespace {

// The toy scenario as the only scenario of a tool, with a command named after roff's
// control characters.
tool_outline toy_outline() {
  auto d = testing::toy_declaration();
  target_outline s{target_kind::scenario, "fanout", "toy [fanout] [OPTIONS]", d.summary,
                   param_options(d), false, {}};
  for (auto& o : run_options(d, {"erlang-table"}))
    s.options.push_back(std::move(o));
  tool_outline t;
  t.program = "toy";
  t.version = "1.0.0";
  t.scenarios.push_back(std::move(s));
  t.commands.push_back({target_kind::report, "report", "toy report FILE...", ".dot 'quote \\ back",
                        report_command_options(), true, {}});
  t.default_scenario = "fanout";
  return t;
}

} // namespace

TEST_CASE("roff text: backslashes, hyphens, control characters at a line's start, non-ASCII") {
  CHECK(roff_escape("--procs") == "\\-\\-procs");
  CHECK(roff_escape("a\\b") == "a\\eb");
  CHECK(roff_escape(".SH x") == "\\&.SH x");
  CHECK(roff_escape("'x") == "\\&'x");
  CHECK(roff_escape("a.b 'c'") == "a.b 'c'");
  CHECK(roff_escape("N[,N…] ±2") == "N[,N\\[u2026]] \\[u00B1]2");
  CHECK(roff_escape("one\ntwo") == "one two");
  CHECK(roff_escape("\xff") == "\\[uFFFD]");
  CHECK(roff_bold("-h") == "\\fB\\-h\\fR");
}

TEST_CASE("the man page lists every option of the scenario and of each command") {
  auto t = toy_outline();
  auto page = man_page(t);
  CHECK(page.rfind(".\\\"", 0) == 0);
  CHECK(contains(page, ".TH TOY 1 "));
  CHECK(contains(page, ".SS fanout\n"));
  CHECK(contains(page, ".SS report\n"));
  CHECK(contains(page, "\\&.dot 'quote \\e back"));
  for (const auto* target : {&t.scenarios.front(), &t.commands.front()})
    for (const auto& o : target->options)
      CHECK_MESSAGE(contains(page, roff_bold("--" + o.name)) == !o.hidden, o.name);
  CHECK(contains(page, roff_escape("(also --sizes)")));
  CHECK(contains(page, ".SH EXIT STATUS\n"));
}

TEST_CASE("the bash completion has the words, files and options of the declarations") {
  auto script = bash_completion(toy_outline());
  CHECK(contains(script, "'fanout --crypto') REPLY='off on' ;;"));
  CHECK(contains(script, "'fanout --cipher') REPLY='aes-128-ctr aes-256-gcm chacha20-ietf"));
  CHECK(contains(script, "'fanout --dump-keys') REPLY=@file ;;"));
  CHECK(contains(script, "'fanout --sizes') REPLY=@text ;;"));
  CHECK(contains(script, "'fanout --format') REPLY='table json csv markdown' ;;"));
  CHECK(contains(script, "'report') REPLY=@file ;;"));
  CHECK(contains(script, "target='fanout'"));
  CHECK(contains(script, "complete -F _toy 'toy'\n"));
  // A hidden option is not offered, though its value is still skipped.
  auto options = script.substr(script.find("    'fanout') REPLY="));
  options = options.substr(0, options.find('\n'));
  CHECK(contains(options, "'--procs "));
  CHECK(contains(options, " --isolate "));
  CHECK_FALSE(contains(options, "--isolate-child"));
  CHECK_FALSE(contains(script, "'fanout --isolate-child')"));
}

TEST_CASE("completion knows its shells and names a wrong one") {
  CHECK(completion_script("bash", toy_outline()));
  auto wrong = completion_script("zsh", toy_outline());
  REQUIRE_FALSE(wrong);
  CHECK(wrong.err().message == "invalid shell 'zsh': expected bash");
}
