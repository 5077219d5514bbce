#include "output/json_names.hpp"

#include <array>
#include <utility>

namespace actorbench::bench {

namespace {

constexpr std::array<std::pair<param_type, std::string_view>, 6> param_types{{
  {param_type::integer, "integer"},
  {param_type::size, "size"},
  {param_type::duration, "duration"},
  {param_type::word, "word"},
  {param_type::flag, "flag"},
  {param_type::text, "text"},
}};

constexpr std::array<std::pair<better, std::string_view>, 2> directions{{
  {better::lower, "lower"},
  {better::higher, "higher"},
}};

constexpr std::array<std::pair<reduction, std::string_view>, 5> reductions{{
  {reduction::median, "median"},
  {reduction::p99, "p99"},
  {reduction::p999, "p999"},
  {reduction::max, "max"},
  {reduction::mean, "mean"},
}};

template <class E, std::size_t N>
std::string_view name_in(const std::array<std::pair<E, std::string_view>, N>& table, E value) {
  for (const auto& [e, name] : table)
    if (e == value)
      return name;
  return {};
}

template <class E, std::size_t N>
std::optional<E> value_in(const std::array<std::pair<E, std::string_view>, N>& table,
                          std::string_view name) {
  for (const auto& [e, n] : table)
    if (n == name)
      return e;
  return std::nullopt;
}

} // namespace

std::string_view json_name(param_type t) {
  return name_in(param_types, t);
}

std::string_view json_name(better b) {
  return name_in(directions, b);
}

std::string_view json_name(reduction r) {
  return name_in(reductions, r);
}

std::optional<param_type> param_type_named(std::string_view name) {
  return value_in(param_types, name);
}

std::optional<better> better_named(std::string_view name) {
  return value_in(directions, name);
}

std::optional<reduction> reduction_named(std::string_view name) {
  return value_in(reductions, name);
}

} // namespace actorbench::bench
