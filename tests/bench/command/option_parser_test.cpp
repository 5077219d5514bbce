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

TEST_CASE("parse_options: an unknown option near one is answered with it") {
  CHECK(parse_error_of({"--procz", "5"})
        == "unknown option '--procz' for fanout: did you mean '--procs'?");
  CHECK(parse_error_of({"--proc=5"}) == "unknown option '--proc' for fanout: did you mean '--procs'?");
  // Aliases, case and the options every target has count too.
  CHECK(parse_error_of({"--size", "1K"})
        == "unknown option '--size' for fanout: did you mean '--sizes'?");
  CHECK(parse_error_of({"--THREADS", "2"})
        == "unknown option '--THREADS' for fanout: did you mean '--threads'?");
  CHECK(parse_error_of({"--confg", "x.toml"})
        == "unknown option '--confg' for fanout: did you mean '--config'?");
  CHECK(parse_error_of({"--rusn", "3"}) == "unknown option '--rusn' for fanout: did you mean '--runs'?");
}

TEST_CASE("parse_options: an unknown option far from all lists the parameters") {
  auto listed = "unknown option '--frobnicate' for fanout (its parameters: --procs, --crypto, "
                "--cipher, --message-bytes, --timeout, --lean, --dump-keys, --threads); see "
                "actorbench fanout --help";
  CHECK(parse_error_of({"--frobnicate", "5"}) == listed);
  CHECK(parse_error_of({"-p"}).rfind("unknown option '-p' for fanout (its parameters: --procs", 0)
        == 0);
  CHECK(parse_error_of({"--"}).rfind("unknown option '--' for fanout (", 0) == 0);
  // A target without parameters lists its options.
  auto parsed = parse_options({"--frobnicate"}, diff_command_options(), {"actorbench", "diff"});
  REQUIRE_FALSE(parsed);
  CHECK(parsed.err().message.rfind("unknown option '--frobnicate' for diff (its options: --metric, ",
                                   0)
        == 0);
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
