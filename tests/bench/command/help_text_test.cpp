#include <doctest/doctest.h>

#include <sstream>

#include "command/help_text.hpp"
#include "command/param_help.hpp"
#include "toy_declaration.hpp"
#include "text_search.hpp"

using namespace actorbench::bench;
using actorbench::bench::testing::contains;

namespace {

std::size_t code_points(const std::string& line) {
  std::size_t n = 0;
  for (unsigned char c : line)
    n += (c & 0xC0) != 0x80;
  return n;
}

std::size_t widest_line(const std::string& text) {
  std::istringstream in{text};
  std::size_t widest = 0;
  for (std::string line; std::getline(in, line);)
    widest = std::max(widest, code_points(line));
  return widest;
}

std::vector<option_spec> all_options(const declaration& d) {
  auto out = param_options(d);
  for (auto& o : run_options(d, {"erlang-table"}))
    out.push_back(std::move(o));
  return out;
}

} // namespace

TEST_CASE("placeholders come from the parameter's type") {
  auto d = testing::toy_declaration();
  CHECK(param_placeholder(*d.param("procs")) == "N[,N…]|A..B[xK|+K]");
  CHECK(param_placeholder(*d.param("crypto")) == "off|on[,…]");
  CHECK(param_placeholder(*d.param("cipher")) == "WORD[,…]");
  CHECK(param_placeholder(*d.param("message-bytes")) == "SIZE[,…]");
  CHECK(param_placeholder(*d.param("timeout")) == "DURATION");
  CHECK(param_placeholder(*d.param("lean")) == "[=on|off[,…]]");
  CHECK(param_placeholder(*d.param("dump-keys")) == "FILE");
  param_decl fixed;
  fixed.scan = false;
  CHECK(param_placeholder(fixed) == "N");
  fixed.type = param_type::text;
  CHECK(param_placeholder(fixed) == "TEXT");
}

TEST_CASE("a parameter's help shows its range, words, default and condition") {
  auto d = testing::toy_declaration();
  CHECK(param_help_text(*d.param("procs")) == "Sender actors (1..100000000 actors; default 10000)");
  CHECK(param_help_text(*d.param("cipher"))
        == "Cipher of the back-end (one of aes-128-ctr, aes-256-gcm, chacha20-ietf, xchacha20, "
           "a list or all; default aes-128-ctr; only with --crypto on)");
  CHECK(param_help_text(*d.param("message-bytes")) == "Plaintext bytes (1..1G; default 64)");
  CHECK(param_help_text(*d.param("timeout")) == "Run limit (1ms..1h; default 60)");
  CHECK(param_help_text(*d.param("threads")) == "Threads (1..1024 threads; default one per core)");
}

TEST_CASE("scenario help lists parameters by group, then the harness options") {
  auto d = testing::toy_declaration();
  auto help = target_help("actorbench fanout [OPTIONS]", d.summary, all_options(d));
  CHECK(help.rfind("Usage: actorbench fanout [OPTIONS]\n", 0) == 0);
  CHECK(
    contains(help, "\nParameters:\n  --procs N[,N…]|A..B[xK|+K]    Sender actors (1..100000000"));
  CHECK(contains(help, "\n  --lean[=on|off[,…]]           Lean clock"));
  auto scheduler = help.find("\nScheduler:\n  --threads");
  auto harness = help.find("\nHarness options:\n  --runs N");
  auto output = help.find("\nOutput options:\n  --format FORMAT");
  CHECK(scheduler != std::string::npos);
  CHECK(harness > scheduler);
  CHECK(output > harness);
  CHECK(contains(help, "--view erlang-table|generic"));
  CHECK(contains(
    help,
    "--runs N                      Measured runs per configuration (1..100000; default 10)\n"));
  CHECK(widest_line(help) <= help_width);
}

TEST_CASE("help names an option's aliases") {
  auto d = testing::toy_declaration();
  d.integer("size").alias("sizes").def("1").help("Bytes");
  d.defaults.runs_aliases = {"iterations"};
  auto help = target_help("actorbench toy [OPTIONS]", d.summary, all_options(d));
  CHECK(contains(help, "Bytes (default 1) (also --sizes)\n"));
  CHECK(contains(help, "default 10) (also\n                                --iterations)\n"));
}

TEST_CASE("help lines stay within 100 code points, however long the help") {
  declaration d{"long-winded", std::string(30, 'x') + " " + std::string(250, 'y')};
  std::string words;
  for (int i = 0; i < 80; ++i)
    words += "µ-word" + std::to_string(i) + " ";
  d.integer("a-very-long-parameter-name-that-pushes-the-text").range(1, 9).help(words);
  d.word("mode", {"first-very-long-mode", "second-very-long-mode"}).help(words);
  d.metric("t", "s").headline();
  auto help = target_help("actorbench long-winded [OPTIONS]", d.summary, all_options(d));
  CHECK(widest_line(help) <= help_width);
  CHECK(contains(help, "µ-word79"));
  CHECK(contains(help,
                 "  --a-very-long-parameter-name-that-pushes-the-text N[,N…]|A..B[xK|+K]\n"
                 "                                "));
}

TEST_CASE("the overview lists scenarios, commands, report, diff, man, completion and exit codes") {
  overview o;
  o.program = "actorbench";
  o.scenarios = {{"fanout", "One collector and N senders"}, {"keygen", "Key generation"}};
  o.commands = {{"serve", "Serve requests"}, {"node", "Run a worker node"}};
  o.default_scenario = "fanout";
  o.has_list = true;
  auto help = overview_help(o);
  CHECK(contains(help, "Scenarios (fanout when none is named):\n  fanout"));
  CHECK(contains(help, "  keygen                        Key generation\n"));
  CHECK(contains(help, "Commands:\n  serve"));
  CHECK(contains(help, "  node "));
  CHECK(contains(help, "  report FILE..."));
  CHECK(contains(help, "  diff OLD NEW"));
  CHECK(contains(help, "\n  man "));
  CHECK(contains(help, "\n  completion bash "));
  CHECK(contains(help, "  -h, --help "));
  CHECK(contains(help, "--list"));
  CHECK(contains(help, "--version"));
  CHECK(contains(help, "Exit codes: 0 ok"));
  CHECK(widest_line(help) <= help_width);
}

TEST_CASE("--version names the version, git commit and allocator") {
  tool_info tool{"actorbench", "0.2.0", "6b96016", "mimalloc"};
  CHECK(version_line(tool) == "actorbench 0.2.0 (git 6b96016, allocator mimalloc)\n");
  tool.allocator.clear();
  CHECK(version_line(tool) == "actorbench 0.2.0 (git 6b96016)\n");
}

TEST_CASE("wrap_words cuts a word longer than the line") {
  auto lines = wrap_words("ab " + std::string(25, 'c') + " d", 10);
  CHECK(lines == std::vector<std::string>{"ab", "cccccccccc", "cccccccccc", "ccccc d"});
}
