#include "bench/scenarios/fanout/fanout_record.hpp"

#include "bench/harness/instruction_count.hpp"

namespace actorbench::bench {

run_record to_run_record(const actors::fanout_sample& s, std::size_t procs) {
  run_record out;
  out.add("replies_s", s.replies_s);
  out.add("spawn_done_s", s.spawn_s);
  out.add("teardown_done_s", s.teardown_s);
  if (s.replies_s > 0)
    out.add("actors_per_s", static_cast<double>(procs) / s.replies_s);
  const auto& r = s.report;
  out.checks = {{"wrong_plaintext", r.wrong_plaintext},
                {"failed_decrypts", r.failed_decrypts},
                {"duplicate_ids", r.duplicate_ids},
                {"missing_ids", r.missing_ids}};
  // With worker nodes part of the senders run elsewhere, where this
  // process's instructions do not count them.
  if (s.nodes.empty())
    out.facts[work_units_fact] = static_cast<double>(procs);
  for (const auto& n : s.nodes) {
    part_record part;
    part.name = n.name;
    part.samples = {{"replies", {static_cast<double>(n.replies)}},
                    {"replies_s", {n.replies_s}},
                    {"teardown_s", {n.teardown_s}}};
    part.facts = {{"senders", static_cast<double>(n.senders)}};
    out.parts.push_back(std::move(part));
  }
  return out;
}

} // namespace actorbench::bench
