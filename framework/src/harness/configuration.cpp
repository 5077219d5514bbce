#include "bench/harness/configuration.hpp"

#include <algorithm>
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

} // namespace actorbench::bench
