#include "bench/harness/configuration.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

namespace actorbench::bench {

namespace {

struct text_of {
  std::string operator()(bool b) const { return b ? "on" : "off"; }
  std::string operator()(std::int64_t i) const { return std::to_string(i); }
  std::string operator()(double d) const {
    std::ostringstream out;
    out.precision(17);
    out << d;
    return out.str();
  }
  std::string operator()(const std::string& s) const { return s; }
};

// The value when the parameter has one of type T, else null.
template <class T>
const T* value_if_set(const configuration& c, std::string_view name) {
  auto i = c.values.find(name);
  return i == c.values.end() ? nullptr : std::get_if<T>(&i->second);
}

template <class T>
const T& value_of(const configuration& c, std::string_view name) {
  auto i = c.values.find(name);
  if (i == c.values.end())
    throw std::out_of_range("configuration has no parameter '" + std::string{name} + "'");
  if (auto* v = std::get_if<T>(&i->second))
    return *v;
  throw std::out_of_range("parameter '" + std::string{name} + "' has another type");
}

} // namespace

std::string to_text(const param_value& value) {
  return std::visit(text_of{}, value);
}

std::int64_t configuration::integer(std::string_view name) const {
  return value_of<std::int64_t>(*this, name);
}

std::uint64_t configuration::size(std::string_view name) const {
  return static_cast<std::uint64_t>(value_of<std::int64_t>(*this, name));
}

double configuration::seconds(std::string_view name) const {
  return value_of<double>(*this, name);
}

const std::string& configuration::word(std::string_view name) const {
  return value_of<std::string>(*this, name);
}

const std::string& configuration::text(std::string_view name) const {
  return value_of<std::string>(*this, name);
}

bool configuration::flag(std::string_view name) const {
  return value_of<bool>(*this, name);
}

bool configuration::applies(std::string_view name) const {
  return values.find(name) != values.end();
}

std::chrono::milliseconds configuration::milliseconds(std::string_view name) const {
  return std::chrono::milliseconds{std::llround(seconds(name) * 1000)};
}

std::string configuration::text_or(std::string_view name, std::string_view fallback) const {
  const auto* s = value_if_set<std::string>(*this, name);
  return s == nullptr || s->empty() ? std::string{fallback} : *s;
}

bool configuration::is_on(std::string_view name) const {
  const auto* b = value_if_set<bool>(*this, name);
  return b != nullptr && *b;
}

std::optional<std::int64_t> configuration::integer_if_set(std::string_view name) const {
  const auto* i = value_if_set<std::int64_t>(*this, name);
  return i == nullptr ? std::nullopt : std::optional<std::int64_t>{*i};
}

} // namespace actorbench::bench
