#include <doctest/doctest.h>

#include "command/option_parser.hpp"
#include "toy_declaration.hpp"

using namespace actorbench::bench;

namespace {

std::vector<option_spec> specs() {
  auto d = testing::toy_declaration();
  auto out = param_options(d);
  for (auto& o : run_options(d, {"erlang-table"}))
    out.push_back(std::move(o));
  return out;
}

const parse_target fanout{"actorbench", "fanout"};

std::string parse_error_of(const std::vector<std::string>& words) {
  auto parsed = parse_options(words, specs(), fanout);
  REQUIRE_FALSE(parsed);
  CHECK(parsed.err().code == errc::bad_input);
  return parsed.err().message;
}

} // namespace

TEST_CASE("parse_options: values, =values, flags and aliases") {
  auto parsed = parse_options({"--procs", "1000,10000", "--crypto=on", "--lean", "--shuffle",
                               "--quiet=off", "--sizes", "1K", "--runs=-1"},
                              specs(), fanout);
  REQUIRE(parsed);
  const auto& v = parsed->values;
  CHECK(v.at("procs") == "1000,10000");
  CHECK(v.at("crypto") == "on");
  CHECK(v.at("lean") == "on");
  CHECK(v.at("shuffle") == "on");
  CHECK(v.at("quiet") == "off");
  CHECK(v.at("message-bytes") == "1K");
  // Values are checked later, by make_plan and the harness: "-1" is kept.
  CHECK(v.at("runs") == "-1");
  CHECK(parsed->positionals.empty());
}

TEST_CASE("parse_options: words that are no option are positionals") {
  auto parsed = parse_options({"a.json", "--format", "csv", "b.json"}, report_command_options(),
                              {"actorbench", "report"});
  REQUIRE(parsed);
  CHECK(parsed->positionals == std::vector<std::string>{"a.json", "b.json"});
}

TEST_CASE("parse_options: an unknown option names the target and its help") {
  CHECK(parse_error_of({"--procz", "5"})
        == "unknown option '--procz' for fanout; see actorbench fanout --help");
  CHECK(parse_error_of({"--procz=5"})
        == "unknown option '--procz' for fanout; see actorbench fanout --help");
  CHECK(parse_error_of({"-p"}) == "unknown option '-p' for fanout; see actorbench fanout --help");
}

TEST_CASE("parse_options: a missing or empty value") {
  CHECK(parse_error_of({"--procs"})
        == "invalid --procs: expected N[,N…]|A..B[xK|+K] after it; see actorbench fanout --help");
  CHECK(parse_error_of({"--threads", ""})
        == "invalid --threads '': expected N[,N…]|A..B[xK|+K]; see actorbench fanout --help");
  CHECK(parse_error_of({"--output="}).rfind("invalid --output '': expected FILE", 0) == 0);
}

TEST_CASE("parse_options: an option given twice, also by its alias") {
  CHECK(parse_error_of({"--runs", "3", "--runs", "5"})
        == "invalid --runs '5': --runs is given already ('3')");
  CHECK(parse_error_of({"--message-bytes", "1", "--sizes", "2"})
        == "invalid --sizes '2': --message-bytes is given already ('1')");
}

TEST_CASE("parse_options: an alias is named as typed") {
  auto parsed = parse_options({"--sizes", "1K", "--runs", "2"}, specs(), fanout);
  REQUIRE(parsed);
  CHECK(parsed->spellings == by_name<std::string>{{"message-bytes", "sizes"}});
  CHECK(parse_error_of({"--sizes", ""}).rfind("invalid --sizes '': expected SIZE", 0) == 0);
  CHECK(parse_error_of({"--sizes"}).rfind("invalid --sizes: expected SIZE", 0) == 0);
}

TEST_CASE("parse_options: -o is --output, and only with its value as the next word") {
  auto parsed = parse_options({"-o", "r.html", "--format", "html"}, specs(), fanout);
  REQUIRE(parsed);
  CHECK(parsed->values.at("output") == "r.html");
  CHECK(parsed->spellings.count("output") == 0);
  CHECK(parse_error_of({"-o", "a", "--output", "b"}).find("--output is given already")
        != std::string::npos);
  CHECK(parse_error_of({"-o=r.html"}).rfind("unknown option '-o'", 0) == 0);
  CHECK(parse_error_of({"-x", "1"}).rfind("unknown option '-x'", 0) == 0);
}
