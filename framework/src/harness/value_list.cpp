#include "bench/harness/value_list.hpp"

#include <optional>

namespace actorbench::bench {

namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (;;) {
    auto pos = text.find(sep, start);
    out.push_back(text.substr(start, pos - start));
    if (pos == std::string::npos)
      return out;
    start = pos + 1;
  }
}

/// Appends the values of one "a..b", "a..b+s" or "a..bxk" item; an error
/// text (without the "invalid" prefix) when it is malformed or too long.
std::optional<std::string> expand_range(const std::string& item, std::size_t dots, std::size_t max,
                                        const list_item_parser& parse_item,
                                        const std::string& expected,
                                        std::vector<std::size_t>& values) {
  auto first = parse_item(item.substr(0, dots));
  auto rest = item.substr(dots + 2);
  auto op = rest.find_first_of("+x");
  auto last = parse_item(rest.substr(0, op));
  bool geometric = op != std::string::npos && rest[op] == 'x';
  std::optional<std::size_t> step{1};
  if (op != std::string::npos)
    step = geometric ? parse_whole_number(rest.substr(op + 1)) : parse_item(rest.substr(op + 1));
  if (!first || !last || !step)
    return expected;
  if (*first > *last || *step == 0 || (geometric && (*step < 2 || *first == 0)))
    return std::string{
      "a range needs first <= last, a step of at least 1 and a factor of at least 2"};
  for (auto v = *first; v <= *last; v = geometric ? v * *step : v + *step) {
    values.push_back(v);
    if (values.size() > max_list_values)
      return "more than " + std::to_string(max_list_values) + " values";
    if (v > max) // also stops the loop before it can overflow
      break;
  }
  return std::nullopt;
}

// "a whole number from 1 to 100000000 (k, M, G ...)": the suffixes are
// named where a count can be large enough to want them.
std::string whole_numbers(std::size_t min, std::size_t max) {
  auto range = "a whole number from " + std::to_string(min) + " to " + std::to_string(max);
  return max >= 10'000 ? range + " (" + count_suffix_help + ")" : range;
}

} // namespace

std::optional<std::size_t> parse_whole_number(const std::string& text) {
  if (text.empty() || text.size() > 19)
    return std::nullopt;
  std::size_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9')
      return std::nullopt;
    value = value * 10 + static_cast<std::size_t>(c - '0');
  }
  return value;
}

result<std::vector<std::size_t>> parse_scan_list(const std::string& option, const std::string& text,
                                                 std::size_t min, std::size_t max,
                                                 const list_item_parser& item,
                                                 const std::string& expected) {
  auto fail = [&](const std::string& why) {
    return bad_input("invalid " + option + " '" + text + "': " + why);
  };
  std::vector<std::size_t> values;
  for (const auto& part : split(text, ',')) {
    auto dots = part.find("..");
    if (dots != std::string::npos) {
      if (auto why = expand_range(part, dots, max, item, expected, values))
        return fail(*why);
      continue;
    }
    auto v = item(part);
    if (!v)
      return fail(expected);
    values.push_back(*v);
  }
  if (values.size() > max_list_values)
    return fail("more than " + std::to_string(max_list_values) + " values");
  for (auto v : values)
    if (v < min || v > max)
      return fail(expected);
  return values;
}

result<std::vector<std::size_t>> parse_count_list(const std::string& option,
                                                  const std::string& text, std::size_t min,
                                                  std::size_t max) {
  auto expected = "expected " + whole_numbers(min, max)
                  + ", a list a,b,c or a range a..b, a..b+step, a..bxfactor";
  return parse_scan_list(option, text, min, max, parse_count_value, expected);
}

result<std::size_t> parse_count(const std::string& option, const std::string& text, std::size_t min,
                                std::size_t max) {
  auto v = parse_count_value(text);
  if (!v || *v < min || *v > max)
    return bad_input("invalid " + option + " '" + text + "': expected "
                     + whole_numbers(min, max));
  return *v;
}

result<std::vector<std::string>> parse_word_list(const std::string& option,
                                                 const std::string& text) {
  auto words = split(text, ',');
  for (const auto& w : words)
    if (w.empty())
      return bad_input("invalid " + option + " '" + text + "': empty value in the list");
  return words;
}

} // namespace actorbench::bench
