#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace actorbench::bench {

/// A map keyed by name that finds by string_view too.
template <class V>
using by_name = std::map<std::string, V, std::less<>>;

/// One parameter's value: flag -> bool, integer and size -> std::int64_t,
/// duration -> double seconds, word and text -> std::string.
using param_value = std::variant<bool, std::int64_t, double, std::string>;

/// The value as it would be typed back: "on", "10000", "0.25", "aes-128-ctr".
std::string to_text(const param_value& value);

/// One combination of parameter values: every declared parameter that
/// applies has a value, resolved (no "auto" left once the session started).
/// The accessors take the kebab-case name and throw std::out_of_range for a
/// parameter that has no value: that is a bug in the scenario, not input.
/// The *_or and *_if_set accessors are for parameters that may have none
/// (no default, n/a here, or not declared by every scenario that reads
/// them): they never throw.
class configuration {
 public:
  /// Position in the plan, 0-based.
  std::size_t index = 0;
  /// kebab-case name -> value.
  by_name<param_value> values;
  /// Declared parameters that do not apply here (their only_if is unmet).
  std::vector<std::string> not_applicable;

  std::int64_t integer(std::string_view name) const;
  std::uint64_t size(std::string_view name) const;
  double seconds(std::string_view name) const;
  const std::string& word(std::string_view name) const;
  const std::string& text(std::string_view name) const;
  bool flag(std::string_view name) const;
  bool applies(std::string_view name) const;

  /// A duration parameter in whole milliseconds, rounded to the nearest.
  std::chrono::milliseconds milliseconds(std::string_view name) const;
  /// A word or text parameter's value; `fallback` when it has none, an
  /// empty one, or one of another type.
  std::string text_or(std::string_view name, std::string_view fallback = {}) const;
  /// Whether a flag is on; false when it is off or has no value.
  bool is_on(std::string_view name) const;
  /// An integer or size parameter's value; nullopt when it has none or one
  /// of another type.
  std::optional<std::int64_t> integer_if_set(std::string_view name) const;
};

} // namespace actorbench::bench
