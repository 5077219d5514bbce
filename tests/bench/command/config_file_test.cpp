#include <doctest/doctest.h>

#include <sstream>

#include "command/config_file.hpp"
#include "toy_declaration.hpp"

using namespace actorbench::bench;

namespace {

config_reader reader() {
  auto d = testing::toy_declaration();
  auto fanout = param_options(d);
  for (auto& o : run_options(d, {}))
    fanout.push_back(std::move(o));
  declaration keygen{"keygen", "keys"};
  keygen.integer("bits").range(256, 16384).def("2048");
  keygen.metric("key_s", "s").headline();
  auto keygen_options = param_options(keygen);
  return {"actorbench", "fanout", {{"fanout", fanout}, {"keygen", keygen_options}}};
}

config_file parse(const std::string& text, const std::string& path = "f.toml") {
  std::istringstream in{text};
  auto file = parse_config(in, path);
  REQUIRE(file);
  return *file;
}

result<by_name<std::string>> values(const std::string& text, const std::string& target) {
  return config_values(parse(text), reader(), target);
}

std::string config_error_of(const std::string& text, const std::string& target = "fanout") {
  auto v = values(text, target);
  REQUIRE_FALSE(v);
  CHECK(v.err().code == errc::bad_input);
  return v.err().message;
}

} // namespace

TEST_CASE("config: top-level keys belong to the default scenario, [NAME] to NAME") {
  auto text = "# the Erlang experiment\nprocs = \"10000,100000\"\nruns = 3\n[keygen]\nbits = 512\n";
  auto fanout = values(text, "fanout");
  REQUIRE(fanout);
  CHECK(*fanout == by_name<std::string>{{"procs", "10000,100000"}, {"runs", "3"}});
  auto keygen = values(text, "keygen");
  REQUIRE(keygen);
  CHECK(*keygen == by_name<std::string>{{"bits", "512"}});
}

TEST_CASE("config: an option set at the top level and in [fanout] is refused naming both lines") {
  CHECK(config_error_of("procs = 5\nruns = 3\n[fanout]\nprocs = 7\n")
        == "invalid --config 'f.toml': key 'procs' is set twice (on line 1 and again on line 4)");
  // Two spellings of one option in one section, too.
  CHECK(config_error_of("# limits\nmax_memory = \"1G\"\nmax-memory = \"2G\"\n")
        == "invalid --config 'f.toml': key 'max-memory' is set twice (on line 2 and again on line 3)");
  // Each target's own keys: [keygen] may set what the top level sets.
  auto keygen = values("threads = 2\n[keygen]\nbits = 512\n", "keygen");
  REQUIRE(keygen);
  CHECK(*keygen == by_name<std::string>{{"bits", "512"}});
  auto fanout = values("procs = 5\n[fanout]\nruns = 7\n", "fanout");
  REQUIRE(fanout);
  CHECK(*fanout == by_name<std::string>{{"procs", "5"}, {"runs", "7"}});
}

TEST_CASE("config: TOML arrays become comma lists, booleans on and off") {
  auto v = values(
    "procs = [1000, 10000]\ncrypto = [\"off\", \"on\"]\nlean = false\n"
    "shuffle = true\nquiet = true\nmessage_bytes = 16\n",
    "fanout");
  REQUIRE(v);
  CHECK(v->at("procs") == "1000,10000");
  CHECK(v->at("crypto") == "off,on");
  CHECK(v->at("lean") == "off");
  CHECK(v->at("shuffle") == "on");
  CHECK(v->at("quiet") == "on");
  // snake_case keys and aliases name the option too.
  CHECK(v->at("message-bytes") == "16");
  auto multiline = values("procs = [\n  1,\n  2, # two\n]\ncipher = \"a,b\"\n", "fanout");
  REQUIRE(multiline);
  CHECK(multiline->at("procs") == "1,2");
  CHECK(multiline->at("cipher") == "a,b");
}

TEST_CASE("config: unknown keys and sections name the file and the key") {
  CHECK(config_error_of("bogus = \"1\"\n") == "invalid --config 'f.toml': unknown key 'bogus' for fanout");
  // A mistake in another scenario's section is found too.
  CHECK(config_error_of("procs = 5\n[keygen]\nprocs = 5\n")
        == "invalid --config 'f.toml': unknown key 'procs' for keygen");
  CHECK(config_error_of("[zone]\nplayers = 5\n")
        == "invalid --config 'f.toml': [zone] is no scenario or command of actorbench");
  CHECK(config_error_of("threads = \"\"\n")
        == "invalid --config 'f.toml': key 'threads' has no value: expected N[,N…]|A..B[xK|+K]");
}

TEST_CASE("config: a file for another scenario only says which to run") {
  CHECK(config_error_of("[keygen]\nbits = 512\n")
        == "invalid --config 'f.toml': it has settings for keygen only; run `actorbench keygen "
           "--config f.toml`");
  CHECK(config_error_of("procs = 5\n", "keygen")
        == "invalid --config 'f.toml': it has settings for fanout only; run `actorbench fanout "
           "--config f.toml`");
  auto empty = values("# nothing\n", "keygen");
  REQUIRE(empty);
  CHECK(empty->empty());
}

TEST_CASE("config: what is not TOML is refused") {
  std::istringstream garbage{"[[[\n"};
  auto file = parse_config(garbage, "g.toml");
  REQUIRE_FALSE(file);
  CHECK(file.err().message
        == "invalid --config 'g.toml': cannot parse it as TOML: line 1: expected bare key "
           "starting character or string delimiter, saw '['");
  std::istringstream nested{"[a.b]\nx = 1\n"};
  auto deep = parse_config(nested, "n.toml");
  REQUIRE_FALSE(deep);
  CHECK(deep.err().message == "invalid --config 'n.toml': [a.b]: sections do not nest");
}

TEST_CASE("config: files that cannot be read") {
  auto missing = read_config_file("/no/such/file.toml");
  REQUIRE_FALSE(missing);
  CHECK(missing.err().message
        == "invalid --config '/no/such/file.toml': No such file or directory");
  auto dir = read_config_file("/");
  REQUIRE_FALSE(dir);
  CHECK(dir.err().message == "invalid --config '/': it is a directory, not readable as a file");
  auto device = read_config_file("/dev/zero");
  REQUIRE_FALSE(device);
  CHECK(device.err().message == "invalid --config '/dev/zero': it is a device, not a regular file");
}

TEST_CASE("config: a key or section given twice is an error naming it and its line") {
  std::istringstream twice{"# scan\nprocs = 10\nprocs = 20\n"};
  auto file = parse_config(twice, "f.toml");
  REQUIRE_FALSE(file);
  CHECK(file.err().message == "invalid --config 'f.toml': key 'procs' is set twice (again on line 3)");
  std::istringstream section{"[keygen]\nbits = 512\n[keygen]\nkeys = 4\n"};
  auto again = parse_config(section, "f.toml");
  REQUIRE_FALSE(again);
  CHECK(again.err().message
        == "invalid --config 'f.toml': section 'keygen' appears twice (again on line 3)");
  std::istringstream dotted{"procs = 1\nprocs.x = 2\n"};
  auto both = parse_config(dotted, "f.toml");
  REQUIRE_FALSE(both);
  CHECK(both.err().message
        == "invalid --config 'f.toml': cannot parse it as TOML: line 2: cannot redefine existing "
           "integer as dotted key-value pair");
}

TEST_CASE("config: strings, numbers and a byte-order mark as TOML reads them") {
  auto v = values("procs = \"\"\"10\"\"\"\ncipher = \'\'\'a,b\'\'\'\n"
                  "crypto = \"\"\"\noff,\\\n  on\"\"\"\n",
                  "fanout");
  REQUIRE(v);
  CHECK(v->at("procs") == "10");
  CHECK(v->at("cipher") == "a,b");
  CHECK(v->at("crypto") == "off,on");
  auto bom = values("\xEF\xBB\xBFprocs = 10\n", "fanout");
  REQUIRE(bom);
  CHECK(bom->at("procs") == "10");
  // A TOML integer is its value; a float stays a float, which an integer
  // option refuses as it refuses --procs 1e3.
  auto numbers = values("procs = 0x10\nruns = 1e3\n", "fanout");
  REQUIRE(numbers);
  CHECK(numbers->at("procs") == "16");
  CHECK(numbers->at("runs") == "1000.0");
}

TEST_CASE("config: a bare key is no TOML, and values no option takes are refused") {
  std::istringstream bare{"procs = 5\nquiet\n"};
  auto file = parse_config(bare, "f.toml");
  REQUIRE_FALSE(file);
  CHECK(file.err().message
        == "invalid --config 'f.toml': cannot parse it as TOML: line 2: expected '=', saw '\\n'");
  std::istringstream nested{"procs = [[1], [2]]\n"};
  auto lists = parse_config(nested, "f.toml");
  REQUIRE_FALSE(lists);
  CHECK(lists.err().message
        == "invalid --config 'f.toml': line 1: key 'procs' holds a list or table in its list; "
           "expected values");
}

TEST_CASE("config: a file whose read fails is an error with the reason, never empty") {
  auto mem = read_config_file("/proc/self/mem");
  REQUIRE_FALSE(mem);
  CHECK(mem.err().message == "invalid --config '/proc/self/mem': cannot read it: Input/output error");
}
