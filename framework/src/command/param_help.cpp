#include "command/param_help.hpp"

#include <vector>

#include "bench/harness/byte_size.hpp"
#include "harness/duration_value.hpp"
#include "bench/output/text_wrap.hpp"

namespace actorbench::bench {

namespace {

// Words joined by '|' up to this many characters stand in the placeholder;
// longer sets would push the help text to its own line, so they are listed
// in the help text instead.
constexpr std::size_t max_inline_words = 24;

bool words_inline(const param_decl& p) {
  return joined(p.words, "|").size() <= max_inline_words;
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
      low = size_text(static_cast<std::uint64_t>(p.min));
      high = size_text(static_cast<std::uint64_t>(p.max));
      break;
    case param_type::duration:
      low = duration_text(p.min), high = duration_text(p.max);
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
  return "one of " + joined(p.words, ", ") + (p.scan ? ", a list or all" : "");
}

std::string default_text(const param_decl& p) {
  const auto& value = p.default_help.empty() ? p.default_value : p.default_help;
  return value.empty() ? std::string{} : "default " + value;
}

std::string condition_text(const param_decl& p) {
  if (p.only_if.param.empty())
    return {};
  return "only with --" + p.only_if.param + " " + joined(p.only_if.words, " or ");
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
      return (words_inline(p) ? joined(p.words, "|") : "WORD") + list_suffix(p);
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

} // namespace actorbench::bench
