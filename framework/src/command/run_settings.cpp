#include "command/run_settings.hpp"

#include <cstdlib>
#include <random>

#include "harness/duration_value.hpp"
#include "bench/harness/memory_budget.hpp"
#include "bench/harness/value_list.hpp"
#include "bench/output/output_path.hpp"

namespace actorbench::bench {

namespace {

constexpr std::size_t max_runs = 100'000;
constexpr std::size_t max_warmup = 10'000;
constexpr std::size_t max_seed = std::size_t{1} << 62;
constexpr std::size_t max_reference = 1000;
constexpr std::size_t max_extra_work = 1'000'000;
// A child under valgrind starts tens of times slower than a plain one.
constexpr double valgrind_startup_allowance_s = 300;

// "1000", "0.5": a bound as a user would type it.
std::string fixed_text(double v) {
  auto text = std::to_string(v);
  text.erase(text.find_last_not_of('0') + 1);
  if (!text.empty() && text.back() == '.')
    text.pop_back();
  return text;
}

const std::string* find(const by_name<std::string>& values, const char* name) {
  auto at = values.find(name);
  return at == values.end() ? nullptr : &at->second;
}

// Sets `out` from the option's text through `parse` when it is given.
template <class T, class Parse>
result<void> read_into(const by_name<std::string>& values, const char* name, T& out, Parse parse) {
  if (const auto* text = find(values, name)) {
    auto value = parse(std::string{"--"} + name, *text);
    if (!value)
      return value.err();
    out = *value;
  }
  return {};
}

auto counts(std::size_t min, std::size_t max) {
  return [min, max](const std::string& option, const std::string& text) {
    return parse_count(option, text, min, max);
  };
}

result<void> read_paths(const by_name<std::string>& values, output_settings& out) {
  if (const auto* path = find(values, "output")) {
    if (auto ok = check_output_path("--output", *path); !ok)
      return ok;
    out.output_path = *path;
  }
  if (const auto* path = find(values, "plot")) {
    if (auto ok = check_plot_path(*path); !ok)
      return ok;
    out.plot_path = *path;
  }
  return refuse_same_file("--plot", out.plot_path, "--output", out.output_path);
}

result<void> read_time_unit(const by_name<std::string>& values, output_settings& out) {
  const auto* unit = find(values, "time-unit");
  if (unit == nullptr)
    return {};
  if (*unit != "s" && *unit != "ms" && *unit != "us" && *unit != "µs" && *unit != "ns")
    return bad_input("invalid --time-unit '" + *unit + "': expected s, ms, us or ns");
  out.time_unit = *unit;
  return {};
}

result<void> read_harness(const by_name<std::string>& values, run_settings& out) {
  auto& h = out.harness;
  for (auto ok : {read_into(values, "runs", h.runs, counts(1, max_runs)),
                  read_into(values, "warmup", h.warmup, counts(0, max_warmup)),
                  read_into(values, "reference", out.reference, counts(1, max_reference)),
                  read_into(values, "min-time", h.min_time_s, read_seconds),
                  read_into(values, "time-limit", h.time_limit_s, read_seconds),
                  read_into(values, "shuffle", h.shuffle, read_on_off),
                  read_into(values, "quiet", out.quiet, read_on_off),
                  read_into(values, "dry-run", out.dry_run, read_on_off)})
    if (!ok)
      return ok;
  out.reference_given = find(values, "reference") != nullptr;
  std::size_t seed = std::random_device{}();
  if (auto ok = read_into(values, "seed", seed, counts(0, max_seed)); !ok)
    return ok;
  h.seed = seed;
  return {};
}

result<void> read_isolation(const by_name<std::string>& values, run_settings& out) {
  if (const auto* mode = find(values, "isolate")) {
    auto m = parse_isolation(*mode);
    if (!m)
      return m.err();
    out.harness.isolation.mode = *m;
  }
  if (const auto* run = find(values, child_option)) {
    auto r = parse_child_run(*run);
    if (!r)
      return r.err();
    out.child = *r;
    // A child makes its run itself, whatever --isolate (or a --config file) says.
    out.harness.isolation.mode = isolation_mode::in_process;
  }
  return {};
}

result<void> read_measure(const by_name<std::string>& values, run_settings& out) {
  auto& h = out.harness;
  if (const auto* text = find(values, "measure")) {
    auto mode = parse_measure(*text);
    if (!mode)
      return mode.err();
    h.measure = *mode;
  }
  if (auto ok = read_into(values, extra_work_option, h.extra_work_per_unit,
                          counts(0, max_extra_work));
      !ok)
    return ok;
  // Instructions are counted in a child under valgrind; the child itself
  // makes its run in process.
  if (h.measure == measure_mode::instructions && !out.child) {
    h.isolation.mode = isolation_mode::process;
    h.isolation.startup_allowance_s = valgrind_startup_allowance_s;
  }
  return {};
}

result<void> read_memory(const by_name<std::string>& values, harness_settings& h) {
  const auto* text = find(values, "max-memory");
  if (text == nullptr)
    return {};
  auto budget = parse_memory_budget(*text);
  if (!budget)
    return budget.err();
  // A cap above the available memory changes nothing: the runner checks
  // against what is available, and says so.
  if (budget->capped)
    h.memory_budget_bytes = budget->bytes;
  return {};
}

// A percentage option: "10" or "10%", above 0 and at most `max`; the fraction.
result<double> read_percent(const std::string& option, const std::string& text, double max,
                            const char* example) {
  auto number = text.size() > 1 && text.back() == '%' ? text.substr(0, text.size() - 1) : text;
  char* end = nullptr;
  double pct = number.empty() ? 0 : std::strtod(number.c_str(), &end);
  if (number.empty() || end != number.c_str() + number.size() || !(pct > 0 && pct <= max))
    return bad_input("invalid " + option + " '" + text
                     + "': expected a percentage above 0 and at most " + fixed_text(max)
                     + ", such as " + example + " or " + example + "%");
  return pct / 100;
}

// --max-noise PCT: a fraction of the median probe.
result<void> read_noise(const by_name<std::string>& values, harness_settings& h) {
  if (auto ok = read_into(values, "noise-probe", h.noise_probe, read_on_off); !ok)
    return ok;
  const auto* text = find(values, "max-noise");
  if (text == nullptr)
    return {};
  auto fraction = read_percent("--max-noise", *text, 1000, "10");
  if (!fraction)
    return fraction.err();
  if (!h.noise_probe)
    return bad_input("invalid --max-noise '" + *text + "': needs --noise-probe on");
  h.max_noise = *fraction;
  return {};
}

// --precision PCT: the median's 95% interval within ±PCT of it.
result<void> read_precision(const by_name<std::string>& values, harness_settings& h) {
  const auto* text = find(values, "precision");
  if (text == nullptr)
    return {};
  auto fraction = read_percent("--precision", *text, 100, "2");
  if (!fraction)
    return fraction.err();
  h.precision = *fraction;
  return {};
}

} // namespace

result<bool> read_on_off(const std::string& option, const std::string& text) {
  if (text == "on" || text == "true" || text == "yes")
    return true;
  if (text == "off" || text == "false" || text == "no")
    return false;
  return bad_input("invalid " + option + " '" + text + "': expected on or off");
}

result<double> read_seconds(const std::string& option, const std::string& text) {
  auto ns = parse_duration_ns(text, "s");
  if (!ns)
    return bad_input("invalid " + option + " '" + text
                     + "': expected a duration such as 10 (seconds), 250ms, 1.5s or 2h");
  // No time at all is no limit and no minimum: a typo, not a setting.
  if (*ns <= 0)
    return bad_input("invalid " + option + " '" + text + "': expected a duration above 0");
  return *ns / 1e9;
}

result<output_settings> read_output_settings(const by_name<std::string>& values) {
  output_settings out;
  if (const auto* format = find(values, "format")) {
    auto f = parse_results_format(*format);
    if (!f)
      return f.err();
    out.format = *f;
  }
  if (const auto* view = find(values, "view"))
    out.view = *view;
  for (auto ok : {read_paths(values, out), read_time_unit(values, out)})
    if (!ok)
      return ok.err();
  return out;
}

result<run_settings> read_run_settings(const by_name<std::string>& values, const declaration& d) {
  run_settings out;
  out.harness.runs = d.defaults.runs;
  out.harness.warmup = d.defaults.warmup;
  if (auto ok = read_harness(values, out); !ok)
    return ok.err();
  if (auto ok = read_memory(values, out.harness); !ok)
    return ok.err();
  if (auto ok = read_isolation(values, out); !ok)
    return ok.err();
  if (auto ok = read_measure(values, out); !ok)
    return ok.err();
  if (auto ok = read_noise(values, out.harness); !ok)
    return ok.err();
  if (auto ok = read_precision(values, out.harness); !ok)
    return ok.err();
  auto output = read_output_settings(values);
  if (!output)
    return output.err();
  out.output = std::move(*output);
  return out;
}

} // namespace actorbench::bench
