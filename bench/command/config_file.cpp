#include "bench/command/config_file.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include <CLI/CLI.hpp>

#include "bench/output/text_wrap.hpp"

namespace actorbench::bench {

namespace {

// A larger file is no settings file; reading it whole would only waste memory.
constexpr off_t max_config_bytes = 1 << 20;

error invalid(const std::string& path, const std::string& why) {
  return bad_input("invalid --config '" + path + "': " + why);
}

bool is_key(const std::string& name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
}

// A garbage file's text quoted in a one-line error: control bytes and
// bytes beyond ASCII shown as \xNN, and at most 40 of them.
std::string quoted_text(const std::string& text) {
  std::string out;
  for (unsigned char c : text.substr(0, 40)) {
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
      continue;
    }
    char hex[5];
    std::snprintf(hex, sizeof(hex), "\\x%02x", c);
    out += hex;
  }
  return text.size() > 40 ? out + "..." : out;
}

// The part of `line` before a '#' outside quotes.
std::string without_comment(const std::string& line) {
  char quote = 0;
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (quote != 0)
      quote = line[i] == quote ? 0 : quote;
    else if (line[i] == '"' || line[i] == '\'')
      quote = line[i];
    else if (line[i] == '#')
      return line.substr(0, i);
  }
  return line;
}

// '[' minus ']' outside quotes and comments: above 0, an array goes on.
int open_brackets(const std::string& line) {
  int depth = 0;
  char quote = 0;
  for (char c : without_comment(line)) {
    if (quote != 0)
      quote = c == quote ? 0 : quote;
    else if (c == '"' || c == '\'')
      quote = c;
    else
      depth += c == '[' ? 1 : c == ']' ? -1 : 0;
  }
  return depth;
}

// The text with each array that spans lines joined onto its key's line,
// comments dropped: CLI11 2.1 reads `key = [` followed by one item a line
// as separate lines.
std::string join_arrays(std::istream& in) {
  std::string out, line;
  while (std::getline(in, line)) {
    auto eq = line.find('=');
    int depth = eq == std::string::npos ? 0 : open_brackets(line.substr(eq + 1));
    if (depth > 0)
      line = without_comment(line);
    for (std::string more; depth > 0 && std::getline(in, more); depth += open_brackets(more))
      line += " " + without_comment(more);
    out += line + '\n';
  }
  return out;
}

// A TOML array's items as one comma list; a trailing comma adds no item.
std::string list_text(const std::vector<std::string>& inputs) {
  std::vector<std::string> items;
  for (const auto& item : inputs)
    if (!item.empty() || inputs.size() == 1)
      items.push_back(item);
  return joined(items, ",");
}

// One item of CLI11's reader into `out`; section ends ("--") and starts
// ("++") are its markers, not keys.
result<bool> add_item(const CLI::ConfigItem& item, const std::string& path, config_file& out) {
  if (item.name == "--" || item.name == "++")
    return true;
  if (item.parents.size() > 1)
    return invalid(path, "[" + joined(item.parents, ".") + "]: sections do not nest");
  auto section = item.parents.empty() ? std::string{} : item.parents.front();
  if (!is_key(item.name) || (!section.empty() && !is_key(section)))
    return invalid(
      path, "cannot parse '" + quoted_text(item.fullname()) + "' as TOML (key = value, [section])");
  auto [at, added] = out.sections[section].emplace(item.name, list_text(item.inputs));
  if (!added)
    return invalid(path, "key '" + item.fullname() + "' is set twice");
  return true;
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

// Every section's target and keys, checked; the settings of `target` kept.
result<by_name<std::string>> check_sections(const config_file& file, const config_reader& reader,
                                            const std::string& target) {
  by_name<std::string> out;
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
      // A [fanout] section overrides the top-level keys it shares with them.
      if (name == target && (out.count(setting->first) == 0 || !section.empty()))
        out[setting->first] = setting->second;
    }
  }
  return out;
}

result<bool> check_readable(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0)
    return invalid(path, std::strerror(errno));
  if (S_ISDIR(st.st_mode))
    return invalid(path, "it is a directory, not readable as a file");
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) || S_ISSOCK(st.st_mode))
    return invalid(path, "it is a device or socket, not a file");
  if (S_ISREG(st.st_mode) && st.st_size > max_config_bytes)
    return invalid(path, "it is larger than 1 MiB: not a settings file");
  return true;
}

} // namespace

result<config_file> parse_config(std::istream& in, const std::string& path) {
  config_file out;
  out.path = path;
  std::vector<CLI::ConfigItem> items;
  try {
    std::istringstream joined{join_arrays(in)};
    items = CLI::ConfigTOML{}.from_config(joined);
  } catch (const CLI::Error& e) {
    return invalid(path, std::string{"cannot parse it: "} + e.what());
  }
  for (const auto& item : items)
    if (auto ok = add_item(item, path, out); !ok)
      return ok.err();
  return out;
}

result<config_file> read_config_file(const std::string& path) {
  if (auto ok = check_readable(path); !ok)
    return ok.err();
  std::ifstream in{path};
  if (!in)
    return invalid(path, std::string{"cannot open it: "} + std::strerror(errno));
  return parse_config(in, path);
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
