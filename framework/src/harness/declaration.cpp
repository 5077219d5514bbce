#include "bench/harness/declaration.hpp"

#include <utility>

namespace actorbench::bench {

// -- param_builder ------------------------------------------------------------

param_decl& param_builder::get() {
  return owner_->params[index_];
}

param_builder& param_builder::range(std::int64_t min, std::int64_t max) {
  get().min = min;
  get().max = max;
  return *this;
}

param_builder& param_builder::def(std::string value) {
  get().default_value = std::move(value);
  return *this;
}

param_builder& param_builder::def_help(std::string text) {
  get().default_help = std::move(text);
  return *this;
}

param_builder& param_builder::unit(std::string unit) {
  get().unit = std::move(unit);
  return *this;
}

param_builder& param_builder::help(std::string text) {
  get().help = std::move(text);
  return *this;
}

param_builder& param_builder::fixed() {
  get().scan = false;
  return *this;
}

param_builder& param_builder::writes_file() {
  get().writes_file = true;
  return *this;
}

param_builder& param_builder::run_length() {
  get().run_time = run_time_role::length;
  return *this;
}

param_builder& param_builder::run_limit() {
  get().run_time = run_time_role::limit;
  return *this;
}

param_builder& param_builder::alias(std::string old_name) {
  get().aliases.push_back(std::move(old_name));
  return *this;
}

param_builder& param_builder::group(std::string name) {
  get().group = std::move(name);
  return *this;
}

param_builder& param_builder::word_aliases(std::vector<std::string> words) {
  get().word_aliases = std::move(words);
  return *this;
}

param_builder& param_builder::bare_unit(std::string unit) {
  get().bare_unit = std::move(unit);
  return *this;
}

param_builder& param_builder::only_if(std::string param, std::vector<std::string> words) {
  get().only_if = {std::move(param), std::move(words)};
  return *this;
}

// -- metric_builder -----------------------------------------------------------

metric_decl& metric_builder::get() {
  return owner_->metrics[index_];
}

metric_builder& metric_builder::title(std::string text) {
  get().title = std::move(text);
  return *this;
}

metric_builder& metric_builder::higher_is_better() {
  get().direction = better::higher;
  return *this;
}

metric_builder& metric_builder::headline() {
  get().headline = true;
  return *this;
}

metric_builder& metric_builder::phase() {
  get().phase = true;
  return *this;
}

metric_builder& metric_builder::per_event(reduction per_run) {
  get().per_event = true;
  get().per_run = per_run;
  return *this;
}

metric_builder& metric_builder::help(std::string text) {
  get().help = std::move(text);
  return *this;
}

// -- declaration --------------------------------------------------------------

namespace {

param_builder add_param(declaration& d, std::string name, param_type type) {
  param_decl p;
  p.name = std::move(name);
  p.type = type;
  if (type == param_type::flag || type == param_type::text)
    p.scan = type == param_type::flag;
  d.params.push_back(std::move(p));
  return {d, d.params.size() - 1};
}

} // namespace

declaration::declaration(std::string name, std::string summary)
  : name(std::move(name)), summary(std::move(summary)) {}

param_builder declaration::integer(std::string name) {
  return add_param(*this, std::move(name), param_type::integer);
}

param_builder declaration::size(std::string name) {
  return add_param(*this, std::move(name), param_type::size);
}

param_builder declaration::duration(std::string name) {
  return add_param(*this, std::move(name), param_type::duration);
}

param_builder declaration::word(std::string name, std::vector<std::string> words) {
  auto b = add_param(*this, std::move(name), param_type::word);
  b.get().words = std::move(words);
  return b;
}

param_builder declaration::flag(std::string name) {
  return add_param(*this, std::move(name), param_type::flag);
}

param_builder declaration::text(std::string name) {
  return add_param(*this, std::move(name), param_type::text);
}

metric_builder declaration::metric(std::string name, std::string unit) {
  metric_decl m;
  m.name = std::move(name);
  m.unit = std::move(unit);
  metrics.push_back(std::move(m));
  return {*this, metrics.size() - 1};
}

void declaration::check(std::string name, std::string help) {
  checks.push_back({std::move(name), std::move(help)});
}

const param_decl* declaration::param(const std::string& name) const {
  for (const auto& p : params)
    if (p.name == name)
      return &p;
  return nullptr;
}

const metric_decl* declaration::find_metric(const std::string& name) const {
  for (const auto& m : metrics)
    if (m.name == name)
      return &m;
  return nullptr;
}

const metric_decl& declaration::headline() const {
  for (const auto& m : metrics)
    if (m.headline)
      return m;
  return metrics.at(0);
}

} // namespace actorbench::bench
