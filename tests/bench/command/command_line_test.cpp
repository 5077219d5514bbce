#include <doctest/doctest.h>

#include "command/command_line.hpp"

using namespace actorbench::bench;

namespace {

line_names names() {
  line_names n;
  n.scenarios = {"fanout", "keygen"};
  n.commands = {"serve", "node"};
  n.default_scenario = "fanout";
  n.value_options = {"--procs", "--output", "-o", "--cipher", "--runs"};
  return n;
}

split_line split(const std::vector<std::string>& words, const line_names& n = names()) {
  auto line = split_argv(words, n);
  REQUIRE(line);
  return *line;
}

} // namespace

TEST_CASE("split_argv: no name runs the default scenario with every word") {
  auto line = split({"--procs", "100000", "--crypto", "on"});
  CHECK(line.kind == target_kind::scenario);
  CHECK(line.target == "fanout");
  CHECK_FALSE(line.named);
  CHECK(line.args == std::vector<std::string>{"--procs", "100000", "--crypto", "on"});
}

TEST_CASE("split_argv: the first name picks the target, options before it stay") {
  auto line = split({"--runs", "3", "keygen", "--bits", "1024"});
  CHECK(line.target == "keygen");
  CHECK(line.named);
  CHECK(line.args == std::vector<std::string>{"--runs", "3", "--bits", "1024"});
}

TEST_CASE("split_argv: an option's value is never a name") {
  auto line = split({"--output", "keygen", "--procs=10"});
  CHECK(line.target == "fanout");
  CHECK(line.args == std::vector<std::string>{"--output", "keygen", "--procs=10"});
  // After --runs=3 the next word is no value: it is the name.
  CHECK(split({"--runs=3", "keygen"}).target == "keygen");
  // A short spelling takes its value alike.
  auto short_output = split({"-o", "r.html", "--procs=10"});
  CHECK(short_output.target == "fanout");
  CHECK(short_output.stray.empty());
}

TEST_CASE("split_argv: report, diff and the commands are names") {
  auto report = split({"report", "a.json", "b.json", "--format", "csv"});
  CHECK(report.kind == target_kind::report);
  CHECK(report.args == std::vector<std::string>{"a.json", "b.json", "--format", "csv"});
  auto diff = split({"diff", "old.json", "new.json"});
  CHECK(diff.kind == target_kind::diff);
  CHECK(split({"node", "--listen", "0"}).kind == target_kind::command);
  // Only the first name picks: a file called like a scenario stays a file.
  CHECK(split({"report", "keygen"}).args == std::vector<std::string>{"keygen"});
}

TEST_CASE("split_argv: a first word help is --help, for the tool or the name after it") {
  auto tool = split({"help"});
  CHECK(tool.help);
  CHECK_FALSE(tool.named);
  CHECK(tool.args.empty());
  CHECK(tool.stray.empty());
  auto zone = split({"help", "keygen"});
  CHECK(zone.help);
  CHECK(zone.target == "keygen");
  CHECK(zone.named);
  CHECK(split({"help", "report"}).kind == target_kind::report);
  // Not the first word: an argument like any other.
  auto later = split({"keygen", "help"});
  CHECK_FALSE(later.help);
  CHECK(later.args == std::vector<std::string>{"help"});
  CHECK(split({"help", "zones"}).stray == "zones");
}

TEST_CASE("split_argv: --config is taken out from anywhere") {
  auto before = split({"--config", "a.toml", "keygen"});
  CHECK(before.config == "a.toml");
  CHECK(before.target == "keygen");
  CHECK(before.args.empty());
  auto after = split({"keygen", "--bits", "512", "--config=b.toml"});
  CHECK(after.config == "b.toml");
  CHECK(after.args == std::vector<std::string>{"--bits", "512"});
}

TEST_CASE("split_argv: --config refusals") {
  auto missing = split_argv({"--config"}, names());
  REQUIRE_FALSE(missing);
  CHECK(missing.err().message == "invalid --config: expected a FILE after it");
  auto twice = split_argv({"--config", "a", "--config=b"}, names());
  REQUIRE_FALSE(twice);
  CHECK(twice.err().message
        == "invalid --config 'b': --config 'a' is given already; give one file");
  CHECK_FALSE(split_argv({"--config="}, names()));
}

TEST_CASE("split_argv: --help and --version are flags of the line") {
  auto help = split({"keygen", "--help"});
  CHECK(help.help);
  CHECK(help.named);
  CHECK(help.args.empty());
  CHECK(split({"-h"}).help);
  CHECK(split({"--version"}).version);
  auto n = names();
  CHECK_FALSE(split({"--list"}, n).list);
  n.has_list = true;
  auto list = split({"keygen", "--list"}, n);
  CHECK(list.list);
  CHECK(list.args.empty());
  // The value of --output is a file name even when it looks like --help.
  CHECK_FALSE(split({"--output", "--help"}).help);
}

TEST_CASE("split_argv: without a default the only scenario, else none") {
  auto n = names();
  n.default_scenario.clear();
  CHECK(split({"--runs", "2"}, n).target.empty());
  n.scenarios = {"chat-room"};
  CHECK(split({"--runs", "2"}, n).target == "chat-room");
}

TEST_CASE("split_argv: a word before any name that is no option or value is kept as stray") {
  auto line = split({"--procs", "10", "zones", "--runs", "3", "more"});
  CHECK_FALSE(line.named);
  CHECK(line.stray == "zones");
  CHECK(split({"--procs", "10", "--output", "keygen"}).stray.empty());
  // Once a name picked the target, other words are its arguments.
  CHECK(split({"keygen", "extra"}).stray.empty());
  CHECK(split({"--runs=3", "-x"}).stray.empty());
  // A word after an option that takes no value may be meant as its value.
  CHECK(split({"--proc", "10"}).stray.empty());
  CHECK(split({"--proc=10", "zones"}).stray == "zones");
}
