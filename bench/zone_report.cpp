#include "bench/zone_report.hpp"

#include <nlohmann/json.hpp>

#include "bench/json_common.hpp"
#include "bench/output/text_table.hpp"
#include "bench/version.hpp"

namespace actorbench::bench {

namespace {

constexpr const char* latency_definition =
  "tick latency: from the tick's start (its input packets handed to the player sessions) "
  "until the zone has every player's input and every player's session has handled the "
  "state update";
constexpr const char* missed_definition =
  "missed: a tick complete after its 1/H slot ended, or a slot skipped because an earlier "
  "tick ran past it too (slots are fixed, t0 + k/H: a late tick delays only the next start)";

std::string ms(double s) {
  return fixed(s * 1000, 3);
}

std::string mib(const std::optional<std::uint64_t>& bytes) {
  return bytes ? fixed(static_cast<double>(*bytes) / (1024.0 * 1024.0), 1) : "";
}

std::string cipher_text(const zone_settings& s) {
  if (!s.crypto)
    return "crypto off (plaintext packets)";
  return "crypto on (" + std::string{s.backend->name()} + "/" + s.cipher->name + ")";
}

std::string keep_up_rule(const zone_settings& s) {
  return "p99 under " + ms(1.0 / static_cast<double>(s.tick_hz))
         + " ms and at most 1% of ticks missed";
}

text_table run_rows(const zone_report& rep) {
  text_table rows;
  std::vector<std::string> header{"players",      "ticks",          "p50 ms", "p99 ms",
                                  "p99.9 ms",     "max ms",         "missed", "fan-in p50 ms",
                                  "peak RSS MiB", "CPU cores used", "load"};
  if (rep.find_max)
    header.push_back("keeps up");
  rows.push_back(header);
  for (const auto& r : rep.search.probes) {
    const auto& s = r.sample;
    std::vector<std::string> row{std::to_string(s.players),
                                 std::to_string(s.ticks_run()) + "/"
                                   + std::to_string(s.ticks_scheduled)
                                   + (s.stopped_early ? " (stopped)" : ""),
                                 ms(r.p50_s),
                                 ms(r.p99_s),
                                 ms(r.p999_s),
                                 ms(r.max_s),
                                 std::to_string(s.missed()),
                                 ms(r.fan_in_p50_s),
                                 mib(r.peak_rss_bytes),
                                 fixed(r.cores_used(), 2),
                                 fixed(r.load_before, 1)};
    if (rep.find_max)
      row.push_back(keeps_up(r) ? "yes" : "no");
    rows.push_back(std::move(row));
  }
  return rows;
}

std::string title(const zone_report& rep) {
  const auto& m = rep.machine;
  return "actorbench " + std::string{tool_version} + " zone on " + m.cpu_model + ", "
         + std::to_string(m.cores) + " cores; CAF " + m.caf_version + ", " + m.openssl_version
         + ", " + m.libsodium_version;
}

std::string setup_line(const zone_report& rep) {
  const auto& s = rep.settings;
  std::size_t threads = rep.search.probes.empty() ? s.threads : rep.search.probes.front().threads;
  return std::to_string(s.tick_hz) + " Hz: tick budget " + ms(1.0 / static_cast<double>(s.tick_hz))
         + " ms; " + cipher_text(s) + "; " + std::to_string(threads) + " scheduler threads; "
         + std::to_string(s.duration.count() / 1000) + " s per " + (rep.find_max ? "probe" : "run");
}

// Everything below the table: a single run's details or the search's answer.
std::vector<std::string> notes(const zone_report& rep) {
  std::vector<std::string> out;
  const auto& search = rep.search;
  if (!rep.find_max) {
    for (const auto& r : search.probes) {
      const auto& s = r.sample;
      const auto& m = s.metrics;
      out.push_back("missed " + std::to_string(s.missed()) + ": " + std::to_string(s.late)
                    + " complete late, " + std::to_string(s.skipped)
                    + " slots skipped; largest start lag " + ms(r.max_start_lag_s) + " ms"
                    + (s.stopped_early ? "; stopped early" : ""));
      out.push_back("inputs: " + std::to_string(m.pool.decrypted) + " decrypted, "
                    + std::to_string(m.dropped_inputs) + " dropped, " + std::to_string(m.bad_inputs)
                    + " refused by the zone; every player " + "handled each of "
                    + std::to_string(m.ticks_completed)
                    + " state updates (repeated or out of order " + std::to_string(m.stale_updates)
                    + ", mismatches " + std::to_string(m.state_mismatches) + ")");
      out.push_back("process CPU during the ticks: " + fixed(s.tick_cpu_s, 2) + " s in "
                    + fixed(s.tick_wall_s, 2) + " s (" + fixed(r.cores_used(), 2) + " cores of "
                    + std::to_string(rep.machine.cores) + "); load average "
                    + fixed(r.load_before, 1) + " before, " + fixed(r.load_after, 1) + " after");
      out.push_back("setup (untimed): " + fixed(s.setup_s, 3)
                    + " s for keys, cipher contexts, sessions, "
                    + std::to_string(s.players * (s.ticks_scheduled + 1))
                    + " input packets and a warm-up tick (counted in the inputs above)");
    }
    return out;
  }
  std::string answer = "largest player count that keeps up (" + keep_up_rule(rep.settings) + "): ";
  answer += search.largest > 0 ? std::to_string(search.largest) : std::string{"none"};
  if (search.smallest_failing > 0)
    answer += "; " + std::to_string(search.smallest_failing) + " did not";
  if (search.memory_bound)
    answer += "; the search reached the most players memory allows";
  if (search.stopped)
    answer += "; interrupted, so this is partial";
  out.push_back(answer);
  out.push_back("search: doubling, or halving, then bisection to within "
                + fixed(search_resolution * 100, 0)
                + "%; each probe stops once it has missed more than 1% of its ticks, and a "
                  "count fails only when a second probe of it fails too");
  return out;
}

nlohmann::json run_json(const zone_result& r) {
  const auto& s = r.sample;
  const auto& m = s.metrics;
  return {
    {"players", s.players},
    {"threads", r.threads},
    {"ticks_scheduled", s.ticks_scheduled},
    {"ticks_run", s.ticks_run()},
    {"missed", s.missed()},
    {"late", s.late},
    {"skipped", s.skipped},
    {"stopped_early", s.stopped_early},
    {"keeps_up", keeps_up(r)},
    {"latency_s",
     {{"p50", json_number(r.p50_s)},
      {"p99", json_number(r.p99_s)},
      {"p99_9", json_number(r.p999_s)},
      {"max", json_number(r.max_s)}}},
    {"fan_in_s", {{"p50", json_number(r.fan_in_p50_s)}, {"p99", json_number(r.fan_in_p99_s)}}},
    {"max_start_lag_s", json_number(r.max_start_lag_s)},
    {"setup_s", json_number(s.setup_s)},
    {"tick_cpu_s", json_number(s.tick_cpu_s)},
    {"tick_wall_s", json_number(s.tick_wall_s)},
    {"load_average_1m",
     {{"before", json_number(r.load_before)}, {"after", json_number(r.load_after)}}},
    {"peak_rss_bytes", r.peak_rss_bytes ? nlohmann::json(*r.peak_rss_bytes) : nlohmann::json()},
    {"inputs",
     {{"decrypted", m.pool.decrypted},
      {"accepted", m.inputs},
      {"dropped", m.dropped_inputs},
      {"refused", m.bad_inputs}}},
    {"ticks_completed", m.ticks_completed},
    {"stale_updates", m.stale_updates},
    {"state_mismatches", m.state_mismatches},
    {"problem", s.problem()},
    {"raw",
     {{"slot", s.slot},
      {"start_lag_s", s.start_lag_s},
      {"fan_in_s", s.fan_in_s},
      {"latency_s", s.latency_s}}},
  };
}

} // namespace

void write_zone_table(const zone_report& rep, std::ostream& out) {
  out << title(rep) << '\n'
      << setup_line(rep) << '\n'
      << latency_definition << ";\n"
      << missed_definition << "\n\n";
  write_aligned(run_rows(rep), out);
  out << '\n';
  for (const auto& n : notes(rep))
    out << n << '\n';
}

void write_zone_markdown(const zone_report& rep, std::ostream& out) {
  out << "**" << setup_line(rep) << "**\n\n";
  write_markdown_table(run_rows(rep), out);
  out << '\n';
  for (const auto& n : notes(rep))
    out << "- " << n << '\n';
  out << "- " << latency_definition << "\n- " << missed_definition << '\n';
}

void write_zone_json(const zone_report& rep, std::ostream& out) {
  const auto& s = rep.settings;
  auto runs = nlohmann::json::array();
  for (const auto& r : rep.search.probes)
    runs.push_back(run_json(r));
  nlohmann::json doc = {{"tool", tool_json("zone", rep.git_commit)},
                        {"machine", to_json(rep.machine)},
                        {"parameters",
                         {{"tick_hz", s.tick_hz},
                          {"budget_s", 1.0 / static_cast<double>(s.tick_hz)},
                          {"duration_s", s.duration.count() / 1000},
                          {"crypto", s.crypto},
                          {"backend", std::string{s.backend->name()}},
                          {"cipher", s.cipher->name},
                          {"tick_timeout_s", s.tick_timeout.count() / 1000},
                          {"find_max", rep.find_max}}},
                        {"definitions",
                         {{"latency", latency_definition},
                          {"missed", missed_definition},
                          {"percentiles", "nearest rank over the ticks run"},
                          {"keeps_up", keep_up_rule(s) + ", and not stopped early"}}},
                        {"runs", std::move(runs)}};
  if (rep.find_max)
    doc["find_max"] = {{"largest", rep.search.largest},
                       {"smallest_failing", rep.search.smallest_failing},
                       {"resolution", search_resolution},
                       {"memory_bound", rep.search.memory_bound},
                       {"interrupted", rep.search.stopped}};
  out << doc.dump(2) << '\n';
}

void write_zone_csv(const zone_report& rep, std::ostream& out) {
  const auto& st = rep.settings;
  out << "players,tick_hz,crypto,backend,cipher,threads,ticks_scheduled,ticks_run,missed,late,"
         "skipped,stopped_early,p50_s,p99_s,p99_9_s,max_s,fan_in_p50_s,fan_in_p99_s,"
         "max_start_lag_s,peak_rss_bytes,tick_cpu_s,tick_wall_s,load_before,decrypted,dropped,"
         "refused,state_mismatches,keeps_up\n";
  for (const auto& r : rep.search.probes) {
    const auto& s = r.sample;
    const auto& m = s.metrics;
    out << s.players << ',' << st.tick_hz << ',' << (st.crypto ? "on" : "off") << ','
        << st.backend->name() << ',' << st.cipher->name << ',' << r.threads << ','
        << s.ticks_scheduled << ',' << s.ticks_run() << ',' << s.missed() << ',' << s.late << ','
        << s.skipped << ',' << (s.stopped_early ? "true" : "false") << ',' << fixed(r.p50_s, 6)
        << ',' << fixed(r.p99_s, 6) << ',' << fixed(r.p999_s, 6) << ',' << fixed(r.max_s, 6) << ','
        << fixed(r.fan_in_p50_s, 6) << ',' << fixed(r.fan_in_p99_s, 6) << ','
        << fixed(r.max_start_lag_s, 6) << ','
        << (r.peak_rss_bytes ? std::to_string(*r.peak_rss_bytes) : "") << ','
        << fixed(s.tick_cpu_s, 3) << ',' << fixed(s.tick_wall_s, 3) << ','
        << fixed(r.load_before, 2) << ',' << m.pool.decrypted << ',' << m.dropped_inputs << ','
        << m.bad_inputs << ',' << m.state_mismatches << ',' << (keeps_up(r) ? "true" : "false")
        << '\n';
  }
}

void write_zone_report(const zone_report& rep, output_format format, std::ostream& out) {
  switch (format) {
    case output_format::json:
      write_zone_json(rep, out);
      return;
    case output_format::csv:
      write_zone_csv(rep, out);
      return;
    case output_format::markdown:
      write_zone_markdown(rep, out);
      return;
    case output_format::table:
      break;
  }
  write_zone_table(rep, out);
}

} // namespace actorbench::bench
