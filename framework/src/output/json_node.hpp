#pragma once

// Private to bench/output's JSON readers (schema 2 and the schema 1 import):
// not installed, and it exposes nlohmann::json, which bench links PRIVATE.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace actorbench::bench {

/// A field of a saved result that is missing or of the wrong type, by its
/// path; read_results turns it into one line naming the file.
struct json_field_error {
  std::string message;
};

/// One value of a parsed document and its path in it ("configurations[2].runs[0]"):
/// typed accessors that throw json_field_error naming the path, so the
/// readers state each field once instead of checking it.
class json_node {
 public:
  json_node(const nlohmann::json& value, std::string path);

  const nlohmann::json& value() const { return *value_; }
  const std::string& path() const { return path_; }

  /// The member, or null when absent.
  const nlohmann::json* find(std::string_view key) const;
  /// The member; absent is an error.
  json_node at(std::string_view key) const;
  /// The member when present and not null.
  bool has(std::string_view key) const;

  /// The elements of an array.
  std::vector<json_node> items() const;
  /// The members of an object, in the document's order.
  std::vector<std::pair<std::string, json_node>> members() const;

  const json_node& object() const;
  std::string text() const;
  bool boolean() const;
  std::uint64_t count() const;
  std::int64_t integer() const;
  /// A number, or NaN for null (NaN and infinities are written as null).
  double real() const;
  std::vector<double> reals() const;
  std::vector<std::string> texts() const;

  [[noreturn]] void fail(const std::string& expected) const;

 private:
  const nlohmann::json* value_;
  std::string path_;
};

/// The member `key`, which must be present but may be null: read by
/// `read`, or nothing for null.
template <class T, class F>
std::optional<T> optional_of(const json_node& n, std::string_view key, F read) {
  n.at(key);
  if (!n.has(key))
    return std::nullopt;
  return read(n.at(key));
}

/// The enumerator `named` gives for the text of `n`; fails naming the
/// valid `words` otherwise.
template <class E>
E enum_of(const json_node& n, std::optional<E> (*named)(std::string_view), const char* words) {
  auto e = named(n.text());
  if (!e)
    n.fail(words);
  return *e;
}

} // namespace actorbench::bench
