#include "harness/param_text.hpp"

#include <algorithm>
#include <cstdint>

#include "bench/harness/byte_size.hpp"
#include "harness/duration_value.hpp"
#include "harness/nearest_word.hpp"
#include "bench/harness/value_list.hpp"

namespace actorbench::bench {

namespace {

std::string option_of(const param_decl& p) {
  return "--" + p.name;
}

error invalid(const param_decl& p, const std::string& text, const std::string& why) {
  return bad_input("invalid " + option_of(p) + " '" + text + "': " + why);
}

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const auto& w : words)
    out += (out.empty() ? "" : ", ") + w;
  return out;
}

// Negative bounds have no use in a count; the lists are unsigned.
std::size_t low_bound(const param_decl& p) {
  return static_cast<std::size_t>(std::max<std::int64_t>(p.min, 0));
}

std::size_t high_bound(const param_decl& p) {
  return static_cast<std::size_t>(std::max<std::int64_t>(p.max, 0));
}

result<std::vector<param_value>> as_counts(const result<std::vector<std::size_t>>& list) {
  if (!list)
    return list.err();
  std::vector<param_value> out;
  for (auto v : *list)
    out.emplace_back(static_cast<std::int64_t>(v));
  return out;
}

result<std::vector<param_value>> parse_integers(const param_decl& p, const std::string& text) {
  if (!p.scan) {
    auto one = parse_count(option_of(p), text, low_bound(p), high_bound(p));
    if (!one)
      return one.err();
    return std::vector<param_value>{static_cast<std::int64_t>(*one)};
  }
  return as_counts(parse_count_list(option_of(p), text, low_bound(p), high_bound(p)));
}

result<std::vector<param_value>> parse_sizes(const param_decl& p, const std::string& text) {
  auto expected = "expected a size from " + size_text(low_bound(p)) + " to "
                  + size_text(high_bound(p)) + " (K, M, G are powers of 1024)"
                  + (p.scan ? ", a list a,b,c or a range a..b, a..b+step, a..bxfactor" : "");
  auto item = [](const std::string& t) -> std::optional<std::size_t> {
    return parse_size_value(t);
  };
  return as_counts(
    parse_scan_list(option_of(p), text, low_bound(p), high_bound(p), item, expected));
}

result<std::vector<param_value>> parse_durations(const param_decl& p, const std::string& text) {
  auto expected = "expected a duration from " + duration_text(p.min) + " to " + duration_text(p.max)
                  + " such as 250ms or 2s (a bare number is in " + p.bare_unit + ")"
                  + (p.scan ? " or a list of them" : "");
  auto items = parse_word_list(option_of(p), text);
  if (!items)
    return items.err();
  std::vector<param_value> out;
  for (const auto& item : *items) {
    auto ns = parse_duration_ns(item, p.bare_unit);
    if (!ns || *ns < static_cast<double>(p.min) || *ns > static_cast<double>(p.max))
      return invalid(p, text, expected);
    out.emplace_back(*ns / 1e9);
  }
  return out;
}

result<std::vector<param_value>> parse_words(const param_decl& p, const std::string& text) {
  auto expected = p.scan ? "expected " + joined(p.words) + " or a list of them"
                         : "expected one of " + joined(p.words);
  auto items = parse_word_list(option_of(p), text);
  if (!items)
    return items.err();
  std::vector<param_value> out;
  for (const auto& item : *items) {
    if (item == "all") {
      out.insert(out.end(), p.words.begin(), p.words.end());
    } else if (std::find(p.words.begin(), p.words.end(), item) != p.words.end()
               || std::find(p.word_aliases.begin(), p.word_aliases.end(), item)
                    != p.word_aliases.end()) {
      out.emplace_back(item);
    } else {
      auto near = nearest_words(item, p.words);
      return invalid(p, text, near.empty() ? expected : did_you_mean(near));
    }
  }
  return out;
}

result<std::vector<param_value>> parse_flags(const param_decl& p, const std::string& text) {
  auto items = parse_word_list(option_of(p), text);
  if (!items)
    return items.err();
  std::vector<param_value> out;
  for (const auto& item : *items) {
    if (item == "on" || item == "true" || item == "yes")
      out.emplace_back(true);
    else if (item == "off" || item == "false" || item == "no")
      out.emplace_back(false);
    else
      return invalid(p, text, p.scan ? "expected on, off or a list of them" : "expected on or off");
  }
  return out;
}

bool looks_like_list(const param_decl& p, const std::string& text) {
  return text.find(',') != std::string::npos
         || (p.type != param_type::word && text.find("..") != std::string::npos)
         || (p.type == param_type::word && text == "all" && p.words.size() > 1);
}

} // namespace

result<std::vector<param_value>> parse_param_text(const param_decl& p, const std::string& text) {
  if (p.type == param_type::text)
    return std::vector<param_value>{text};
  if (!p.scan && looks_like_list(p, text))
    return invalid(p, text, "takes one value");
  switch (p.type) {
    case param_type::integer:
      return parse_integers(p, text);
    case param_type::size:
      return parse_sizes(p, text);
    case param_type::duration:
      return parse_durations(p, text);
    case param_type::word:
      return parse_words(p, text);
    case param_type::flag:
      return parse_flags(p, text);
    case param_type::text:
      break;
  }
  return std::vector<param_value>{text};
}

} // namespace actorbench::bench
