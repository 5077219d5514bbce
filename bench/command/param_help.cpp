#include "bench/command/param_help.hpp"

#include <utility>
#include <vector>

namespace actorbench::bench {

namespace {

// Words joined by '|' up to this many characters stand in the placeholder;
// longer sets would push the help text to its own line, so they are listed
// in the help text instead.
constexpr std::size_t max_inline_words = 24;

std::string join(const std::vector<std::string>& words, const std::string& sep) {
  std::string out;
  for (const auto& w : words)
    out += (out.empty() ? "" : sep) + w;
  return out;
}

bool words_inline(const param_decl& p) {
  return join(p.words, "|").size() <= max_inline_words;
}

std::string list_suffix(const param_decl& p) {
  return p.scan ? "[,…]" : "";
}

// The range as typed, with the unit: "1..100000000 actors", "1K..1G".
std::string range_text(const param_decl& p) {
  if (p.min == 0 && p.max == 0)
    return {};
  std::string low, high;
  switch (p.type) {
    case param_type::integer:
      low = std::to_string(p.min), high = std::to_string(p.max);
      break;
    case param_type::size:
      low = size_text(p.min), high = size_text(p.max);
      break;
    case param_type::duration:
      low = nanoseconds_text(p.min), high = nanoseconds_text(p.max);
      break;
    default:
      return {};
  }
  auto text = low + ".." + high;
  return p.unit.empty() || p.type != param_type::integer ? text : text + " " + p.unit;
}

std::string accepted_words(const param_decl& p) {
  if (p.type != param_type::word || words_inline(p))
    return {};
  return "one of " + join(p.words, ", ") + (p.scan ? ", a list or all" : "");
}

std::string default_text(const param_decl& p) {
  const auto& value = p.default_help.empty() ? p.default_value : p.default_help;
  return value.empty() ? std::string{} : "default " + value;
}

std::string condition_text(const param_decl& p) {
  if (p.only_if.param.empty())
    return {};
  return "only with --" + p.only_if.param + " " + join(p.only_if.words, " or ");
}

// `value` in the first of `units` (suffix, scale) that divides it exactly.
template <class Units>
std::string exact_text(std::int64_t value, const Units& units) {
  for (const auto& [suffix, scale] : units)
    if (value != 0 && value % scale == 0)
      return std::to_string(value / scale) + suffix;
  return std::to_string(value);
}

} // namespace

std::string param_placeholder(const param_decl& p) {
  switch (p.type) {
    case param_type::integer:
      return p.scan ? "N[,N…]|A..B[xK|+K]" : "N";
    case param_type::size:
      return "SIZE" + list_suffix(p);
    case param_type::duration:
      return "DURATION" + list_suffix(p);
    case param_type::word:
      return (words_inline(p) ? join(p.words, "|") : "WORD") + list_suffix(p);
    case param_type::flag:
      return "[=on|off" + list_suffix(p) + "]";
    case param_type::text:
      break;
  }
  return p.unit == "file" || p.unit == "path" ? "FILE" : "TEXT";
}

std::string param_help_text(const param_decl& p) {
  std::string details;
  for (const auto& part : {range_text(p), accepted_words(p), default_text(p), condition_text(p)})
    if (!part.empty())
      details += (details.empty() ? "" : "; ") + part;
  if (details.empty())
    return p.help;
  return p.help.empty() ? "(" + details + ")" : p.help + " (" + details + ")";
}

std::string size_text(std::int64_t bytes) {
  static const std::vector<std::pair<const char*, std::int64_t>> units{
    {"P", std::int64_t{1} << 50},
    {"T", std::int64_t{1} << 40},
    {"G", std::int64_t{1} << 30},
    {"M", std::int64_t{1} << 20},
    {"K", std::int64_t{1} << 10}};
  return exact_text(bytes, units);
}

std::string nanoseconds_text(std::int64_t ns) {
  static const std::vector<std::pair<const char*, std::int64_t>> units{
    {"h", 3'600'000'000'000}, {"s", 1'000'000'000}, {"ms", 1'000'000}, {"us", 1'000}, {"ns", 1}};
  return exact_text(ns, units);
}

} // namespace actorbench::bench
