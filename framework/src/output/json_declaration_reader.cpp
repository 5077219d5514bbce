#include "output/json_declaration_reader.hpp"

#include "output/json_names.hpp"

namespace actorbench::bench {

namespace {

param_decl read_param_decl(const json_node& n) {
  param_decl p;
  p.name = n.at("name").text();
  p.type = enum_of(n.at("type"), &param_type_named, "integer, size, duration, word, flag or text");
  p.default_value = n.at("default").text();
  p.default_help = n.at("default_help").text();
  p.min = n.at("min").integer();
  p.max = n.at("max").integer();
  p.words = n.at("words").texts();
  p.bare_unit = n.at("bare_unit").text();
  p.unit = n.at("unit").text();
  p.help = n.at("help").text();
  p.scan = n.at("scan").boolean();
  p.aliases = n.at("aliases").texts();
  p.group = n.at("group").text();
  p.only_if = optional_of<applies_when>(n, "only_if", [](const json_node& o) {
                return applies_when{o.at("param").text(), o.at("words").texts()};
              }).value_or(applies_when{});
  return p;
}

metric_decl read_metric_decl(const json_node& n) {
  metric_decl m;
  m.name = n.at("name").text();
  // Files from before titles were written derive it from the name.
  m.title = n.has("title") ? n.at("title").text() : "";
  m.unit = n.at("unit").text();
  m.help = n.at("help").text();
  m.direction = enum_of(n.at("better"), &better_named, "lower or higher");
  m.headline = n.at("headline").boolean();
  m.phase = n.at("phase").boolean();
  m.per_event = n.at("per_event").boolean();
  m.per_run = enum_of(n.at("per_run"), &reduction_named, "median, p99, p999, max or mean");
  return m;
}

} // namespace

declaration read_declaration(const json_node& n) {
  declaration d{n.at("name").text(), n.at("summary").text()};
  for (const auto& p : n.at("params").items())
    d.params.push_back(read_param_decl(p));
  for (const auto& m : n.at("metrics").items())
    d.metrics.push_back(read_metric_decl(m));
  if (d.metrics.empty())
    n.at("metrics").fail("a list of at least one metric");
  for (const auto& c : n.at("checks").items())
    d.checks.push_back({c.at("name").text(), c.at("help").text()});
  auto defaults = n.at("defaults");
  d.defaults.runs = defaults.at("runs").count();
  d.defaults.warmup = defaults.at("warmup").count();
  d.search = optional_of<search_decl>(n, "search", [](const json_node& s) {
    return search_decl{s.at("param").text(), s.at("flag").text(), s.at("resolution").real()};
  });
  return d;
}

} // namespace actorbench::bench
