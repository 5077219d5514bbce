#include <doctest/doctest.h>

#include "bench/harness/runner.hpp"

using namespace actorbench::bench;

namespace {

std::unique_ptr<scenario> toy(declaration d) {
  d.metric("time_s", "s").headline();
  return make_scenario(std::move(d), [](run_context&) { return result<run_record>{run_record{}}; });
}

declaration one_of_each() {
  declaration d{"toy", "every parameter type"};
  d.integer("procs").range(1, 100'000'000).def("10");
  d.size("bytes").range(1, 1 << 20).def("64");
  d.duration("time").range(1'000'000, 3'600'000'000'000).def("1s");
  d.word("context", {"per-message", "per-actor"}).def("per-message");
  d.flag("crypto").def("off");
  d.text("pin").def("0,1");
  d.integer("timeout").range(1, 3600).def("60").fixed();
  return d;
}

/// The values of one parameter across a plan.
std::vector<param_value> column(const std::vector<configuration>& plan, const std::string& name) {
  std::vector<param_value> out;
  for (const auto& c : plan)
    out.push_back(c.values.at(name));
  return out;
}

std::vector<param_value> plan_of(const std::string& name, const std::string& text) {
  auto s = toy(one_of_each());
  auto plan = make_plan(*s, {{name, text}});
  REQUIRE(plan);
  return column(*plan, name);
}

std::string error_of(const std::string& name, const std::string& text) {
  auto s = toy(one_of_each());
  auto plan = make_plan(*s, {{name, text}});
  REQUIRE_FALSE(plan);
  CHECK(plan.err().code == errc::bad_input);
  return plan.err().message;
}

using ints = std::vector<param_value>;
std::int64_t operator""_i(unsigned long long v) {
  return static_cast<std::int64_t>(v);
}

} // namespace

TEST_CASE("plan: integers take single values, lists, ranges, steps and factors") {
  CHECK(plan_of("procs", "5") == ints{5_i});
  CHECK(plan_of("procs", "1,2,4") == ints{1_i, 2_i, 4_i});
  CHECK(plan_of("procs", "1..4") == ints{1_i, 2_i, 3_i, 4_i});
  CHECK(plan_of("procs", "1..64+8").size() == 8);
  CHECK(plan_of("procs", "1000..1000000x10") == ints{1000_i, 10000_i, 100000_i, 1000000_i});
}

TEST_CASE("plan: counts take k, M, G in values, lists, ranges and steps") {
  CHECK(plan_of("procs", "10k") == ints{10000_i});
  CHECK(plan_of("procs", "10k,100K,1M") == ints{10000_i, 100000_i, 1000000_i});
  CHECK(plan_of("procs", "1k..3k+1k") == ints{1000_i, 2000_i, 3000_i});
  CHECK(plan_of("procs", "1k..1Mx10") == ints{1000_i, 10000_i, 100000_i, 1000000_i});
  CHECK(plan_of("procs", "1.5k") == ints{1500_i});
  CHECK(plan_of("timeout", "1k") == ints{1000_i});
  CHECK(error_of("procs", "1.5").rfind("invalid --procs '1.5': expected a whole number", 0) == 0);
  CHECK(error_of("procs", "1G").rfind("invalid --procs '1G': expected a whole number from 1 to "
                                      "100000000 (k, M, G for thousand, million, billion",
                                      0)
        == 0);
  CHECK(error_of("timeout", "4k").rfind("invalid --timeout '4k': expected a whole number", 0) == 0);
}

TEST_CASE("plan: a word near a valid one is answered with it") {
  CHECK(error_of("context", "per-mesage")
        == "invalid --context 'per-mesage': did you mean 'per-message'?");
  CHECK(error_of("context", "per-actor,per-atcor")
        == "invalid --context 'per-actor,per-atcor': did you mean 'per-actor'?");
  CHECK(error_of("context", "fifo")
        == "invalid --context 'fifo': expected per-message, per-actor or a list of them");
}

TEST_CASE("plan: integers outside the range or malformed name the option and the range") {
  CHECK(error_of("procs", "0")
          .rfind("invalid --procs '0': expected a whole number from 1 to "
                 "100000000",
                 0)
        == 0);
  CHECK(error_of("procs", "abc").find("invalid --procs 'abc'") == 0);
  CHECK(error_of("procs", "100..10").find("invalid --procs '100..10'") == 0);
  CHECK(error_of("procs", "1,,2").find("invalid --procs '1,,2'") == 0);
}

TEST_CASE("plan: sizes take K, M, G suffixes in lists and ranges") {
  CHECK(plan_of("bytes", "4K") == ints{4096_i});
  CHECK(plan_of("bytes", "1K,1M") == ints{1024_i, 1048576_i});
  CHECK(plan_of("bytes", "256K..1Mx2") == ints{262144_i, 524288_i, 1048576_i});
  CHECK(plan_of("bytes", "1..3K+1K") == ints{1_i, 1025_i, 2049_i});
  CHECK(error_of("bytes", "2M").find("invalid --bytes '2M': expected a size from 1 to 1M") == 0);
  CHECK(error_of("bytes", "lots").find("invalid --bytes 'lots'") == 0);
}

TEST_CASE("plan: durations take a bare number in the bare unit or a suffix") {
  CHECK(plan_of("time", "10") == ints{10.0});
  CHECK(plan_of("time", "250ms") == ints{0.25});
  CHECK(plan_of("time", "2s,1.5s") == ints{2.0, 1.5});
  CHECK(error_of("time", "500us")
        == "invalid --time '500us': expected a duration from 1ms to 1h such as 250ms or 2s (a "
           "bare number is in s) or a list of them");
  CHECK(error_of("time", "-1s").find("invalid --time '-1s'") == 0);
  CHECK(error_of("time", "2 weeks").find("invalid --time '2 weeks'") == 0);
  declaration d{"ms", "bare milliseconds"};
  d.duration("tick").range(1000, 1'000'000'000).def("10").bare_unit("ms");
  d.duration("wait").range(1000, 1'000'000'000).def("500us");
  auto s = toy(d);
  auto plan = make_plan(*s, {});
  REQUIRE(plan);
  CHECK(plan->front().seconds("tick") == doctest::Approx(0.010));
  CHECK(plan->front().seconds("wait") == doctest::Approx(0.0005));
}

TEST_CASE("plan: words take a list of the declared words, all meaning every one") {
  CHECK(plan_of("context", "per-actor") == ints{std::string{"per-actor"}});
  CHECK(plan_of("context", "all") == ints{std::string{"per-message"}, std::string{"per-actor"}});
  CHECK(error_of("context", "per-process")
        == "invalid --context 'per-process': expected per-message, per-actor or a list of them");
}

TEST_CASE("plan: flags take on/off, true/false, yes/no and lists of them") {
  CHECK(plan_of("crypto", "on") == ints{true});
  CHECK(plan_of("crypto", "off,on") == ints{false, true});
  CHECK(plan_of("crypto", "yes,false") == ints{true, false});
  CHECK(error_of("crypto", "maybe")
        == "invalid --crypto 'maybe': expected on, off or a list of them");
}

TEST_CASE("plan: text is taken as typed, never split") {
  CHECK(plan_of("pin", "0,2..3") == ints{std::string{"0,2..3"}});
}

TEST_CASE("plan: a fixed parameter refuses lists and ranges") {
  CHECK(plan_of("timeout", "5") == ints{5_i});
  CHECK(error_of("timeout", "1,2") == "invalid --timeout '1,2': takes one value");
  CHECK(error_of("timeout", "1..2") == "invalid --timeout '1..2': takes one value");
  CHECK(error_of("timeout", "0")
        == "invalid --timeout '0': expected a whole number from 1 to 3600");
}

TEST_CASE("plan: defaults fill absent names; an empty default leaves the parameter out") {
  auto d = one_of_each();
  d.integer("threads").range(1, 64).def_help("one per core");
  auto s = toy(d);
  auto plan = make_plan(*s, {});
  REQUIRE(plan);
  REQUIRE(plan->size() == 1);
  const auto& c = plan->front();
  CHECK(c.integer("procs") == 10);
  CHECK(c.size("bytes") == 64);
  CHECK(c.seconds("time") == 1.0);
  CHECK(c.word("context") == "per-message");
  CHECK_FALSE(c.flag("crypto"));
  CHECK(c.text("pin") == "0,1");
  CHECK_FALSE(c.applies("threads"));
  CHECK(c.not_applicable.empty());
}

TEST_CASE("plan: unknown names are refused and aliases are accepted") {
  auto d = one_of_each();
  d.params[1].aliases = {"sizes"};
  auto s = toy(d);
  auto plan = make_plan(*s, {{"sizes", "1K"}});
  REQUIRE(plan);
  CHECK(plan->front().size("bytes") == 1024);
  auto unknown = make_plan(*s, {{"colour", "red"}});
  REQUIRE_FALSE(unknown);
  CHECK(unknown.err().message == "unknown option --colour for toy");
}

TEST_CASE("plan: the product runs in declaration order, the last parameter fastest") {
  declaration d{"grid", "two scanned parameters"};
  d.integer("procs").range(1, 1000).def("1");
  d.word("clock", {"lean", "caf"}).def("lean");
  auto s = toy(d);
  auto plan = make_plan(*s, {{"procs", "1,2"}, {"clock", "lean,caf"}});
  REQUIRE(plan);
  REQUIRE(plan->size() == 4);
  CHECK(column(*plan, "procs") == ints{1_i, 1_i, 2_i, 2_i});
  CHECK(column(*plan, "clock")
        == ints{std::string{"lean"}, std::string{"caf"}, std::string{"lean"}, std::string{"caf"}});
  for (std::size_t i = 0; i < plan->size(); ++i)
    CHECK((*plan)[i].index == i);
}

TEST_CASE("plan: a parameter whose only_if is unmet is n/a and its combinations collapse") {
  declaration d{"crypto", "cipher only with crypto on"};
  d.integer("procs").range(1, 1000).def("1");
  d.word("cipher", {"aes", "chacha"}).def("aes").only_if("crypto", {"on"});
  d.flag("crypto").def("off");
  d.word("context", {"per-message", "per-actor"}).def("per-message").only_if("cipher", {"aes"});
  auto s = toy(d);
  auto plan =
    make_plan(*s, {{"procs", "1,2"}, {"cipher", "all"}, {"crypto", "off,on"}, {"context", "all"}});
  REQUIRE(plan);
  // Per procs: crypto off (no cipher, no context), aes x 2 contexts, chacha.
  REQUIRE(plan->size() == 8);
  const auto& off = (*plan)[0];
  CHECK_FALSE(off.flag("crypto"));
  CHECK_FALSE(off.applies("cipher"));
  CHECK(off.not_applicable == std::vector<std::string>{"cipher", "context"});
  CHECK((*plan)[1].word("cipher") == "aes");
  CHECK((*plan)[1].word("context") == "per-message");
  CHECK((*plan)[2].word("context") == "per-actor");
  CHECK((*plan)[3].word("cipher") == "chacha");
  CHECK((*plan)[3].not_applicable == std::vector<std::string>{"context"});
  CHECK((*plan)[4].integer("procs") == 2);
}

TEST_CASE("plan: more than 1000 configurations are refused") {
  declaration d{"big", "too many"};
  d.integer("a").range(1, 1000).def("1");
  d.integer("b").range(1, 1000).def("1");
  auto s = toy(d);
  CHECK(make_plan(*s, {{"a", "1..100"}, {"b", "1..10"}}));
  auto plan = make_plan(*s, {{"a", "1..100"}, {"b", "1..11"}});
  REQUIRE_FALSE(plan);
  CHECK(plan.err().code == errc::bad_input);
  CHECK(plan.err().message == "too many configurations: the options combine to more than 1000");
}

namespace {

/// Drops odd procs and refuses procs 3, to see refine used and indices renumbered.
class refining : public scenario {
 public:
  refining() : d_("refining", "refine drops and refuses") {
    d_.integer("procs").range(1, 100).def("1");
    d_.integer("copies").range(1, 100).def("1");
    d_.metric("time_s", "s").headline();
  }
  const declaration& declared() const override { return d_; }
  result<std::vector<configuration>> refine(std::vector<configuration> plan) const override {
    std::vector<configuration> out;
    for (auto& c : plan) {
      if (c.integer("procs") == 3)
        return bad_input("invalid --procs '3': three is right out");
      if (c.integer("procs") % 2 == 0)
        out.push_back(c);
    }
    return out;
  }
  result<std::unique_ptr<scenario_session>> start(std::vector<configuration>&) const override {
    return runtime_failure("not run");
  }

 private:
  declaration d_;
};

} // namespace

TEST_CASE("plan: scenario::refine adjusts the plan, then indices are renumbered") {
  refining s;
  auto plan = make_plan(s, {{"procs", "1,2,4,5,6"}});
  REQUIRE(plan);
  REQUIRE(plan->size() == 3);
  CHECK(column(*plan, "procs") == ints{2_i, 4_i, 6_i});
  CHECK((*plan)[2].index == 2);
  auto refused = make_plan(s, {{"procs", "2,3"}});
  REQUIRE_FALSE(refused);
  CHECK(refused.err().message == "invalid --procs '3': three is right out");
}

TEST_CASE("plan: the 1000-configuration limit counts what refine keeps") {
  refining s;
  // 97 procs x 20 copies combine to 1,940; refine keeps the 49 even procs: 980.
  auto kept = make_plan(s, {{"procs", "4..100"}, {"copies", "1..20"}});
  REQUIRE(kept);
  CHECK(kept->size() == 980);
  // x 21: 1,029 kept.
  auto refused = make_plan(s, {{"procs", "4..100"}, {"copies", "1..21"}});
  REQUIRE_FALSE(refused);
  CHECK(refused.err().code == errc::bad_input);
  CHECK(refused.err().message
        == "too many configurations: the options combine to more than 1000");
}

TEST_CASE("plan: a fixed size or word names one value in its error") {
  declaration d{"fixed", "fixed parameters"};
  d.size("message-bytes").range(1, 1024).def("64").fixed();
  d.word("mode", {"plain", "tls"}).def("plain").fixed();
  auto s = toy(d);
  auto big = make_plan(*s, {{"message-bytes", "2K"}});
  REQUIRE_FALSE(big);
  CHECK(big.err().message
        == "invalid --message-bytes '2K': expected a size from 1 to 1K (K, M, G are powers of "
           "1024)");
  auto all = make_plan(*s, {{"mode", "all"}});
  REQUIRE_FALSE(all);
  CHECK(all.err().message == "invalid --mode 'all': takes one value");
  auto odd = make_plan(*s, {{"mode", "udp"}});
  REQUIRE_FALSE(odd);
  CHECK(odd.err().message == "invalid --mode 'udp': expected one of plain, tls");
}
