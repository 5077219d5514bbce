#include <nlohmann/json.hpp>

#include "bench/json_common.hpp"
#include "bench/comparison.hpp"
#include "bench/reporter.hpp"
#include "bench/harness/statistics.hpp"
#include "crypto/bytes.hpp"

namespace actorbench::bench {

namespace {

nlohmann::json to_json(const summary& s) {
  return {{"count", s.count}, {"mean", s.mean},     {"median", s.median}, {"min", s.min},
          {"max", s.max},     {"stddev", s.stddev}, {"cv", s.cv},         {"ci999", s.ci999}};
}

nlohmann::json to_json(const node_result& n) {
  return {{"name", n.name},
          {"senders", n.senders},
          {"replies", n.replies},
          {"replies_in_s", n.replies_s},
          {"teardown_done_s", n.teardown_s}};
}

nlohmann::json to_json(const fanout_result& r) {
  const auto& p = r.payload;
  nlohmann::json out = {
    {"scenario", r.scenario},
    {"params",
     {{"procs", r.procs},
      {"crypto", r.crypto ? "on" : "off"},
      {"backend", r.backend},
      {"cipher", r.cipher},
      {"runs", r.runs},
      {"warmup", r.warmup},
      {"threads", r.threads},
      {"policy", r.policy},
      {"spawn", r.spawn},
      {"context", r.context},
      {"pin", r.pinned_cpus},
      {"clock", r.clock}}},
    {"samples_s", r.samples_s},
    {"partial", r.partial()},
    {"stats", to_json(summarize(r.samples_s))},
    {"phases_s",
     {{"spawn_done", r.spawn_s}, {"replies_in", r.samples_s}, {"teardown_done", r.teardown_s}}},
    {"mismatches", r.mismatches},
    {"mismatch_detail",
     {{"wrong_plaintext", r.wrong_plaintext},
      {"failed_decrypts", r.failed_decrypts},
      {"duplicate_ids", r.duplicate_ids},
      {"missing_ids", r.missing_ids}}},
    {"outlier_runs", outliers(r.samples_s)},
    {"warnings", warnings_for(r)},
    {"memory",
     {{"start_rss_bytes", r.start_rss_bytes},
      {"peak_rss_bytes", r.peak_rss_bytes},
      {"rss_bytes_per_actor",
       r.rss_bytes_per_actor() ? nlohmann::json(*r.rss_bytes_per_actor()) : nlohmann::json()}}},
    {"payload",
     {{"plaintext", p.plaintext},
      {"key_hex", crypto::to_hex(p.key)},
      {"iv_hex", crypto::to_hex(p.nonce)},
      {"ciphertext_hex", crypto::to_hex(p.ciphertext)}}},
  };
  // Only runs with worker nodes have per-node figures.
  if (!r.nodes.empty()) {
    out["nodes"] = nlohmann::json::array();
    for (const auto& n : r.nodes)
      out["nodes"].push_back(to_json(n));
  }
  return out;
}

class json_reporter : public reporter {
 public:
  void write(const report& r, std::ostream& out) const override {
    nlohmann::json results = nlohmann::json::array();
    auto labels = result_labels(r.results);
    for (std::size_t i = 0; i < r.results.size(); ++i) {
      auto x = to_json(r.results[i]);
      x["label"] = labels[i];
      if (i != r.reference) {
        auto c = compare_to(r.results[i], r.results[r.reference]);
        x["relative"] = {{"reference", r.reference},
                         {"ratio", c.speed.value},
                         {"error", c.speed.error},
                         {"faster", c.speed.faster},
                         {"p_value", c.p_value}};
      }
      results.push_back(std::move(x));
    }
    nlohmann::json doc = {
      {"tool",
       {{"name", "actorbench"},
        {"version", r.tool_version},
        {"allocator", r.allocator},
        {"git_commit", r.git_commit}}},
      {"machine", to_json(r.machine)},
      {"order", {{"interleaved", true}, {"shuffle", r.order.shuffle}, {"seed", r.order.seed}}},
      {"reference", r.reference},
      {"results", results}};
    out << doc.dump(2) << '\n';
  }
};

} // namespace

std::unique_ptr<reporter> make_json_reporter() {
  return std::make_unique<json_reporter>();
}

} // namespace actorbench::bench
