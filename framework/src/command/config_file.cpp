#include "command/config_file.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string_view>
#include <utility>

// toml++ 3.3 asserts a precondition that `[[[` or `[=` breaks, where the
// parser goes on to report the error: without NDEBUG its assert() would abort,
// with NDEBUG under clang the broken precondition becomes __builtin_assume.
// Its assertions off and NDEBUG unset, the check is neither.
#pragma push_macro("NDEBUG")
#undef NDEBUG
#define TOML_ASSERT(expr) static_assert(true)
#define TOML_HEADER_ONLY 1
#define TOML_ENABLE_FORMATTERS 0
#include <toml++/toml.h>
#undef TOML_ASSERT
#pragma pop_macro("NDEBUG")

#include "command/input_file.hpp"
#include "bench/output/text_wrap.hpp"

namespace actorbench::bench {

namespace {

// A larger file is no settings file; reading it whole would only waste memory.
constexpr std::size_t max_config_bytes = std::size_t{1} << 20;

error invalid(const std::string& path, const std::string& why) {
  return bad_input("invalid --config '" + path + "': " + why);
}

bool is_key(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
}

// Text from the file quoted in a one-line error: control bytes and bytes
// beyond ASCII shown as \xNN, and at most `limit` of them.
std::string quoted_text(std::string_view text, std::size_t limit = 40) {
  std::string out;
  for (unsigned char c : text.substr(0, limit)) {
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
      continue;
    }
    char hex[5];
    std::snprintf(hex, sizeof(hex), "\\x%02x", c);
    out += hex;
  }
  return text.size() > limit ? out + "..." : out;
}

std::string line_of(const toml::node& n) {
  return "line " + std::to_string(n.source().begin.line);
}

// toml++'s "Error while parsing key-value pair: cannot redefine existing
// integer 'procs'" as this reader's errors say it, with its line.
std::string parse_error_text(const toml::parse_error& e) {
  std::string what{e.description()};
  if (what.rfind("Error while parsing ", 0) == 0)
    if (auto colon = what.find(": "); colon != std::string::npos)
      what.erase(0, colon + 2);
  auto line = "line " + std::to_string(e.source().begin.line);
  constexpr std::string_view redefine = "cannot redefine existing ";
  // "... integer as dotted key-value pair" names no key: said as it is.
  if (auto quote = what.find('\''); what.rfind(redefine, 0) == 0 && quote != std::string::npos) {
    auto kind = what.substr(redefine.size(), quote - redefine.size());
    auto name = what.substr(quote);
    if (kind.rfind("table", 0) == 0)
      return "section " + quoted_text(name, 80) + " appears twice (again on " + line + ")";
    return "key " + quoted_text(name, 80) + " is set twice (again on " + line + ")";
  }
  return "cannot parse it as TOML: " + line + ": " + quoted_text(what, 200);
}

// A TOML float as text that stays a float ("1000.0", not "1000"): an
// integer option refuses it, as it refuses --procs 1e3.
std::string float_text(double v) {
  char buffer[64];
  auto end = std::to_chars(buffer, buffer + sizeof buffer, v).ptr;
  std::string text{buffer, end};
  if (text.find_first_of(".eEn") == std::string::npos)
    text += ".0";
  return text;
}

// One value as the command line would spell it; unset for a table or an
// array of arrays or tables, which no option takes.
std::optional<std::string> scalar_text(const toml::node& n) {
  if (const auto* s = n.as_string())
    return s->get();
  if (const auto* i = n.as_integer())
    return std::to_string(i->get());
  if (const auto* f = n.as_floating_point())
    return float_text(f->get());
  if (const auto* b = n.as_boolean())
    return b->get() ? "true" : "false";
  std::ostringstream text;
  if (const auto* d = n.as_date())
    text << d->get();
  else if (const auto* t = n.as_time())
    text << t->get();
  else if (const auto* dt = n.as_date_time())
    text << dt->get();
  else
    return std::nullopt;
  return text.str();
}

// A setting's text: a value, or an array's items as a comma list.
result<std::string> value_text(const std::string& path, const std::string& key,
                               const toml::node& n) {
  if (const auto* items = n.as_array()) {
    std::vector<std::string> out;
    for (const auto& item : *items) {
      auto text = scalar_text(item);
      if (!text)
        return invalid(path, line_of(item) + ": key '" + key
                               + "' holds a list or table in its list; expected values");
      out.push_back(*text);
    }
    return joined(out, ",");
  }
  if (auto text = scalar_text(n))
    return *text;
  return invalid(path, line_of(n) + ": '" + key + "' is not a setting");
}

result<void> add_key(const std::string& path, const std::string& section, const std::string& key,
                     const toml::node& n, config_file& out) {
  if (!is_key(key))
    return invalid(path, line_of(n) + ": '" + quoted_text(key)
                           + "' is no key: expected letters, digits, '-' and '_'");
  if (n.is_table())
    return invalid(path, "[" + section + "." + key + "]: sections do not nest");
  auto text = value_text(path, key, n);
  if (!text)
    return text.err();
  out.sections[section][key] = *text;
  out.lines[section][key] = n.source().begin.line;
  return {};
}

std::string section_name(const std::string& section, const config_reader& reader) {
  return section.empty() ? reader.default_scenario : section;
}

// One key of a section, checked and resolved to its option's name.
result<std::pair<std::string, std::string>> resolve_key(const config_file& file,
                                                        const std::vector<option_spec>& specs,
                                                        const std::string& target, std::string key,
                                                        std::string text) {
  std::replace(key.begin(), key.end(), '_', '-');
  const auto* spec = find_option(specs, key);
  if (spec == nullptr)
    return invalid(file.path, "unknown key '" + key + "' for " + target);
  if (spec->on_off && (text == "true" || text == "false"))
    text = text == "true" ? "on" : "off";
  if (spec->takes_value && text.empty())
    return invalid(file.path, "key '" + key + "' has no value: expected " + spec->placeholder);
  return std::pair{spec->name, text};
}

std::size_t line_in(const config_file& file, const std::string& section, const std::string& key) {
  auto keys = file.lines.find(section);
  if (keys == file.lines.end())
    return 0;
  auto at = keys->second.find(key);
  return at == keys->second.end() ? 0 : at->second;
}

// The second of two keys that set one option: TOML sees two keys (one at the
// top level and one in [fanout], or snake_case and kebab-case), the command
// one setting, and which should win is no guess to make.
error set_twice(const config_file& file, const std::string& option, std::size_t first,
                std::size_t again) {
  if (first > again)
    std::swap(first, again);
  return invalid(file.path, "key '" + option + "' is set twice (on line " + std::to_string(first)
                              + " and again on line " + std::to_string(again) + ")");
}

// Every section's target and keys, checked; the settings of `target` kept.
result<by_name<std::string>> check_sections(const config_file& file, const config_reader& reader,
                                            const std::string& target) {
  by_name<std::string> out;
  by_name<std::size_t> set_on; // option -> the line that set it
  for (const auto& [section, keys] : file.sections) {
    auto name = section_name(section, reader);
    if (name.empty())
      return invalid(file.path, "key '" + keys.begin()->first + "' is in no [section] and "
                                  + reader.program + " has no default scenario");
    auto specs = reader.targets.find(name);
    if (specs == reader.targets.end())
      return invalid(file.path, "[" + section + "] is no scenario or command of " + reader.program);
    for (const auto& [key, text] : keys) {
      auto setting = resolve_key(file, specs->second, name, key, text);
      if (!setting)
        return setting.err();
      if (name != target)
        continue;
      auto line = line_in(file, section, key);
      if (auto earlier = set_on.find(setting->first); earlier != set_on.end())
        return set_twice(file, setting->first, earlier->second, line);
      set_on[setting->first] = line;
      out[setting->first] = setting->second;
    }
  }
  return out;
}

error too_large(const std::string& path) {
  return invalid(path, "it is larger than 1 MiB: not a settings file");
}

result<config_file> parse_text(const std::string& text, const std::string& path) {
  if (text.size() > max_config_bytes)
    return too_large(path);
  toml::table doc;
  try {
    doc = toml::parse(std::string_view{text}, std::string_view{path});
  } catch (const toml::parse_error& e) {
    return invalid(path, parse_error_text(e));
  }
  config_file out;
  out.path = path;
  for (const auto& [name, node] : doc) {
    std::string key{name.str()};
    const auto* section = node.as_table();
    if (section == nullptr) {
      if (auto ok = add_key(path, "", key, node, out); !ok)
        return ok.err();
      continue;
    }
    if (!is_key(key))
      return invalid(path, line_of(node) + ": [" + quoted_text(key)
                             + "] is no section: expected letters, digits, '-' and '_'");
    for (const auto& [inner, value] : *section)
      if (auto ok = add_key(path, key, std::string{inner.str()}, value, out); !ok)
        return ok.err();
  }
  return out;
}

} // namespace

result<config_file> parse_config(std::istream& in, const std::string& path) {
  std::string text;
  char buffer[1 << 14];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_config_bytes)
      return too_large(path);
  }
  if (in.bad())
    return invalid(path, "cannot read it");
  return parse_text(text, path);
}

result<config_file> read_config_file(const std::string& path) {
  auto text = read_input_file(path, max_config_bytes, "a settings file");
  if (!text)
    return error{text.err().code, "invalid --config '" + path + "': " + text.err().message};
  return parse_text(*text, path);
}

result<by_name<std::string>> config_values(const config_file& file, const config_reader& reader,
                                           const std::string& target) {
  auto out = check_sections(file, reader, target);
  if (!out || !out->empty() || file.sections.empty())
    return out;
  std::vector<std::string> others;
  for (const auto& entry : file.sections)
    if (auto name = section_name(entry.first, reader);
        std::find(others.begin(), others.end(), name) == others.end())
      others.push_back(name);
  return invalid(file.path, "it has settings for " + joined(others, " and ") + " only; run `"
                              + reader.program + " " + others.front() + " --config " + file.path
                              + "`");
}

} // namespace actorbench::bench
