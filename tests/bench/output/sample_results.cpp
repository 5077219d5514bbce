#include "sample_results.hpp"

#include <limits>

namespace actorbench::bench::testing {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

declaration every_field_declaration() {
  declaration d{"sample", "every field kind of the results"};
  d.integer("procs").range(1, 1000).def("10").unit("actors").help("actors");
  d.size("message-bytes").range(1, 1 << 20).def("64").unit("bytes").alias("size");
  d.duration("tick").range(1'000'000, 1'000'000'000).def("10ms").bare_unit("ms").unit("s");
  d.flag("crypto").def("off");
  d.word("cipher", {"aes", "chacha"}).def("aes").only_if("crypto", {"on"});
  d.text("note").def_help("nothing").fixed().group("output");
  d.metric("replies_s", "s").headline().help("until every reply");
  d.metric("spawn_done_s", "s").phase();
  d.metric("latency_s", "s").per_event(reduction::p99);
  d.metric("rate", "1/s").higher_is_better();
  d.check("mismatches", "wrong replies");
  d.check("missed_ticks", "ticks not kept");
  d.defaults.runs = 5;
  d.defaults.warmup = 2;
  d.search = search_decl{"procs", "find-max", 0.05};
  return d;
}

run_result sample_run(std::size_t index, double scale) {
  run_result r;
  r.index = index;
  r.round = index;
  r.started_s = 0.5 * index;
  r.wall_s = 0.25 * scale;
  r.cpu = {0.125 * scale, 0.0625};
  r.start_rss_bytes = 1u << 20;
  r.peak_rss_bytes = 3u << 20;
  r.load_before = 0.5;
  r.load_after = nan;
  r.record.samples = {{"replies_s", {0.001 * scale + 1e-9 * index}},
                      {"spawn_done_s", {0.0004 * scale}},
                      {"latency_s", {1e-6, 2e-6, 3e-6 * scale, 0.1}},
                      {"rate", {1e6 / scale}}};
  r.record.checks = {{"mismatches", index}, {"missed_ticks", 0}};
  r.record.facts = {{"first_failure", std::string{"none"}},
                    {"worker", 1.0},
                    {"keys", std::vector<std::string>{"a", "b"}},
                    {"times", std::vector<double>{1.5, nan}},
                    {"unknown", nan}};
  part_record part;
  part.name = "node \"a\", 1";
  part.samples = {{"replies_s", {0.0009}}};
  part.facts = {{"senders", 4.0}};
  r.record.parts = {part};
  return r;
}

configuration_result sample_configuration(std::size_t index, bool crypto) {
  configuration_result c;
  c.config.index = index;
  c.config.values = {{"procs", static_cast<std::int64_t>(10 * (index + 1))},
                     {"message-bytes", std::int64_t{64}},
                     {"tick", 0.01},
                     {"crypto", crypto},
                     {"note", std::string{"said \"hi\", twice"}}};
  if (crypto)
    c.config.values["cipher"] = std::string{"chacha"};
  else
    c.config.not_applicable = {"cipher"};
  c.facts = {{"payload_hex", std::string{"00ff"}}, {"resolved", std::vector<std::string>{}}};
  for (std::size_t i = 0; i < 2; ++i)
    c.runs.push_back(sample_run(i, 1.0 + index + i));
  return c;
}

} // namespace

scenario_results sample_results() {
  scenario_results r;
  r.tool = {"actorbench", "0.2.0", "3e4bade", "jemalloc"};
  r.created = "2026-12-01T16:20:00Z";
  r.command_line = {"actorbench", "sample", "--note", "said \"hi\", twice"};
  r.machine = {"AMD EPYC",         2,          true,     false,
               "Linux 6.1",        1ull << 34, "0.17.6", "OpenSSL 3.0",
               "libsodium 1.0.18", "vm"};
  r.load_start = 0.25;
  r.load_end = nan;
  r.scenario = every_field_declaration();
  r.harness.runs = 2;
  r.harness.warmup = 0;
  r.harness.min_time_s = 0.5;
  r.harness.shuffle = true;
  r.harness.seed = 42;
  r.harness.memory_budget_bytes = 1ull << 30;
  r.configurations = {sample_configuration(0, false), sample_configuration(1, true)};
  r.configurations[1].runs[1].record.partial = true;
  r.configurations[1].partial = true;
  r.configurations[1].runs[1].start_rss_bytes.reset();
  r.stopped = "signal 2";
  r.search = search_result{"procs", 10, 20, 0.05, false, {{10, true, 0}, {20, false, 1, 2.5, true}}};
  r.search->rule = {3, 5, 2.0};
  r.search->undecided = 15;
  r.search->unit = "actors";
  r.search->criterion = "with replies under 1 ms";
  r.search->stop = "probe_budget";
  r.search->keep_up = 0.9;
  r.search->confidence = 0.9;
  r.search->capacity = 14.5;
  r.search->low = 11.25;
  r.search->high = std::numeric_limits<double>::infinity();
  r.search->slope = 12.5;
  r.search->probe_length = "5 s";
  return r;
}

scenario_results noisy_sample_results() {
  auto r = sample_results();
  r.search.reset();
  noise_record n;
  n.cpus = {0, 1};
  n.work_units = 40;
  n.buffer_bytes = 2u << 20;
  n.quiet_ms = 2.9;
  n.max_noise = 0.1;
  n.samples = {{std::nullopt, {3.0, 3.1}, false, {3.0, 3.1}},
               {0, {3.0, 2.9}, false, {2.9, 2.9}},
               {1, {5.5, 3.0}, true, {2.7, 2.9}},
               {1, {3.1, 3.0}, false, {3.0, 3.0}}};
  n.discarded.push_back({1, sample_run(1, 2.0)});
  n.discarded.back().run.round = 1;
  r.noise = std::move(n);
  // Runs' own evidence: the second configuration's first run noisy.
  for (auto& c : r.configurations)
    for (auto& run : c.runs)
      run.noise = run_noise{2, 0.001, 3, false};
  r.configurations.at(1).runs.at(0).noise = run_noise{2, 0.25, 40, true};
  return r;
}

} // namespace actorbench::bench::testing
