#pragma once

// Handmade scenario_results for the table, diff and plot tests: a fan-out-like scenario
// with procs, crypto and (only with crypto) backend, one time headline.

#include <cstdint>
#include <string>
#include <vector>

#include "bench/harness/results.hpp"

namespace actorbench::bench::testing {

/// The declaration: procs, threads, crypto, backend (only with crypto on);
/// time_s (headline), spawn_s (phase), replies_s (rate); check mismatches.
inline declaration table_sample_declaration() {
  declaration d{"fanout", "one collector, many senders"};
  d.integer("procs").def("10000");
  d.integer("threads").def("2");
  d.flag("crypto").def("off");
  d.word("backend", {"openssl", "sodium"}).def("openssl").only_if("crypto", {"on"});
  d.metric("time_s", "s").headline();
  d.metric("spawn_s", "s").phase();
  d.metric("replies_s", "1/s").higher_is_better();
  d.check("mismatches", "replies that did not decrypt");
  return d;
}

/// A configuration with those values; backend only when crypto is on.
inline configuration sample_config(std::int64_t procs, bool crypto, std::int64_t threads = 2) {
  configuration c;
  c.values["procs"] = procs;
  c.values["threads"] = threads;
  c.values["crypto"] = crypto;
  if (crypto)
    c.values["backend"] = std::string{"openssl"};
  else
    c.not_applicable.push_back("backend");
  return c;
}

/// Runs of time `times[i]` seconds each (spawn a tenth of it).
inline configuration_result sample_runs(configuration c, const std::vector<double>& times) {
  configuration_result out;
  out.config = std::move(c);
  for (std::size_t i = 0; i < times.size(); ++i) {
    run_result run;
    run.index = i;
    run.record.add("time_s", times[i]);
    run.record.add("spawn_s", times[i] / 10);
    run.record.add("replies_s", 1000 / times[i]);
    run.record.checks["mismatches"] = 0;
    out.runs.push_back(std::move(run));
  }
  return out;
}

/// `count` times near `base` seconds, spread by +-1% deterministically.
inline std::vector<double> times_near(double base, std::size_t count) {
  std::vector<double> out;
  for (std::size_t i = 0; i < count; ++i)
    out.push_back(base * (1 + 0.01 * (static_cast<double>(i % 5) - 2) / 2));
  return out;
}

/// Results of the sample scenario over `configs`.
inline scenario_results sample_results(std::vector<configuration_result> configs) {
  scenario_results r;
  r.scenario = table_sample_declaration();
  for (std::size_t i = 0; i < configs.size(); ++i)
    configs[i].config.index = i;
  r.configurations = std::move(configs);
  return r;
}

} // namespace actorbench::bench::testing
