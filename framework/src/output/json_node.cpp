#include "output/json_node.hpp"

#include <limits>

namespace actorbench::bench {

json_node::json_node(const nlohmann::json& value, std::string path)
  : value_(&value), path_(std::move(path)) {}

const nlohmann::json* json_node::find(std::string_view key) const {
  if (!value_->is_object())
    return nullptr;
  auto i = value_->find(key);
  return i == value_->end() ? nullptr : &*i;
}

json_node json_node::at(std::string_view key) const {
  auto where = path_.empty() ? std::string{key} : path_ + "." + std::string{key};
  object();
  const nlohmann::json* v = find(key);
  if (!v)
    throw json_field_error{where + " is missing"};
  return {*v, std::move(where)};
}

bool json_node::has(std::string_view key) const {
  const nlohmann::json* v = find(key);
  return v && !v->is_null();
}

std::vector<json_node> json_node::items() const {
  if (!value_->is_array())
    fail("a list");
  std::vector<json_node> out;
  out.reserve(value_->size());
  for (std::size_t i = 0; i < value_->size(); ++i)
    out.emplace_back((*value_)[i], path_ + "[" + std::to_string(i) + "]");
  return out;
}

std::vector<std::pair<std::string, json_node>> json_node::members() const {
  object();
  std::vector<std::pair<std::string, json_node>> out;
  for (auto i = value_->begin(); i != value_->end(); ++i)
    out.emplace_back(i.key(), json_node{i.value(), path_ + "." + i.key()});
  return out;
}

const json_node& json_node::object() const {
  if (!value_->is_object())
    fail("an object");
  return *this;
}

std::string json_node::text() const {
  if (!value_->is_string())
    fail("a string");
  return value_->get<std::string>();
}

bool json_node::boolean() const {
  if (!value_->is_boolean())
    fail("true or false");
  return value_->get<bool>();
}

// The parser keeps non-negative integers unsigned, negative ones signed and
// anything with a fraction or an exponent as a double.
std::uint64_t json_node::count() const {
  if (!value_->is_number_unsigned())
    fail("a non-negative integer");
  return value_->get<std::uint64_t>();
}

std::int64_t json_node::integer() const {
  if (value_->is_number_unsigned()
      && value_->get<std::uint64_t>() > std::uint64_t{std::numeric_limits<std::int64_t>::max()})
    fail("an integer of 64 bits");
  if (!value_->is_number_integer())
    fail("an integer");
  return value_->get<std::int64_t>();
}

double json_node::real() const {
  if (value_->is_null())
    return std::numeric_limits<double>::quiet_NaN();
  if (!value_->is_number())
    fail("a number or null");
  return value_->get<double>();
}

std::vector<double> json_node::reals() const {
  std::vector<double> out;
  for (const auto& x : items())
    out.push_back(x.real());
  return out;
}

std::vector<std::string> json_node::texts() const {
  std::vector<std::string> out;
  for (const auto& x : items())
    out.push_back(x.text());
  return out;
}

void json_node::fail(const std::string& expected) const {
  throw json_field_error{(path_.empty() ? std::string{"the document"} : path_) + " is not "
                         + expected};
}

} // namespace actorbench::bench
