#include <sstream>

#include <doctest/doctest.h>

#include "command/plan_text.hpp"
#include "command/results_output.hpp"
#include "bench/output/text_wrap.hpp"
#include "toy_declaration.hpp"

using namespace actorbench::bench;

namespace {

class named_view : public view {
 public:
  explicit named_view(std::string name) : name_(std::move(name)) {}
  std::string_view name() const override { return name_; }
  void write(const scenario_results&, const table_style&, std::ostream& out) const override {
    out << name_;
  }

 private:
  std::string name_;
};

configuration config_of(std::int64_t procs) {
  configuration c;
  c.values["procs"] = procs;
  c.values["crypto"] = std::string{"off"};
  return c;
}

} // namespace

TEST_CASE("choose_view: the first by default, generic, or one by name") {
  named_view seed{"erlang-table"}, other{"plot-only"};
  std::vector<const view*> views{&seed, &other};
  CHECK(*choose_view(views, "") == &seed);
  CHECK(*choose_view(views, "generic") == nullptr);
  CHECK(*choose_view(views, "plot-only") == &other);
  CHECK(*choose_view({}, "") == nullptr);
  // Instruction counts go in the generic table unless a view is named.
  CHECK(*choose_view(views, "", measure_mode::instructions) == nullptr);
  CHECK(*choose_view(views, "plot-only", measure_mode::instructions) == &other);
  auto unknown = choose_view(views, "keygen-table");
  REQUIRE_FALSE(unknown);
  CHECK(unknown.err().message
        == "invalid --view 'keygen-table': expected generic, erlang-table, plot-only");
  CHECK(view_names(views) == std::vector<std::string>{"erlang-table", "plot-only"});
}

TEST_CASE("plan_text: configurations, constants and the count of runs") {
  declaration d{"fanout", "x"};
  d.integer("procs").range(1, 1000000).def("10");
  d.word("crypto", {"off", "on"}).def("off");
  d.metric("t", "s").headline();
  harness_settings h;
  h.runs = 3;
  h.warmup = 1;
  h.reference = 1;
  auto text = plan_text(d, {config_of(1000), config_of(10000)}, h);
  CHECK(text.find("fanout: 2 configurations, each 1 warm-up + 3 measured: 8 runs in 4 rounds\n")
        == 0);
  CHECK(text.find("constant: crypto off\n") != std::string::npos);
  CHECK(text.find("  1  1000 procs\n") != std::string::npos);
  CHECK(text.find("  2  10000 procs (reference)\n") != std::string::npos);
}

TEST_CASE("plan_text: a long constant line breaks between items within 100 columns") {
  declaration d{"fanout", "x"};
  d.integer("procs").range(1, 1000000).def("10");
  for (int i = 0; i < 12; ++i)
    d.word("option-" + std::to_string(i), {"off", "on"}).def("off");
  d.metric("t", "s").headline();
  std::vector<configuration> plan{config_of(1000), config_of(10000)};
  for (auto& c : plan)
    for (int i = 0; i < 12; ++i)
      c.values["option-" + std::to_string(i)] = std::string{"off"};
  auto text = plan_text(d, plan, harness_settings{});
  CHECK(text.find("constant: option-0 off · ") != std::string::npos);
  CHECK(text.find("\n          option-") != std::string::npos);
  std::istringstream lines{text};
  for (std::string line; std::getline(lines, line);) {
    CHECK(code_points(line) <= 100);
    if (line.find("option-") != std::string::npos) // a break never splits an item
      CHECK((line.rfind("constant: option-", 0) == 0 || line.rfind("          option-", 0) == 0));
  }
}

TEST_CASE("failed_checks: the nonzero totals with their configuration") {
  scenario_results r;
  r.scenario = declaration{"fanout", "x"};
  r.scenario.integer("procs").range(1, 1000000).def("10");
  r.scenario.metric("t", "s").headline();
  r.scenario.check("wrong_plaintext", "replies that decrypted to another text");
  for (std::int64_t procs : {1000, 10000}) {
    configuration_result c;
    c.config = config_of(procs);
    c.config.values.erase("crypto");
    run_result run;
    run.record.checks["wrong_plaintext"] = procs == 1000 ? 3 : 0;
    c.runs = {run, run};
    r.configurations.push_back(c);
  }
  CHECK(failed_checks(r) == "6 wrong_plaintext in 1000 procs");
  r.configurations[0].runs.clear();
  CHECK(failed_checks(r).empty());
}
