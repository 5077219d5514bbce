#include "command/help_text.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "bench/output/text_wrap.hpp"

namespace actorbench::bench {

namespace {

// Where the help text of an option starts, as in hyperfine's and CLI11's help.
constexpr std::size_t help_column = 32;

// The first `n` code points of `text`.
std::string first_code_points(const std::string& text, std::size_t n) {
  std::size_t i = 0;
  for (std::size_t seen = 0; i < text.size(); ++i)
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && seen++ == n)
      break;
  return text.substr(0, i);
}

// `left` padded to the help column, then `text` wrapped beside it; a `left`
// too wide for that gets the text on the lines below.
void write_entry(std::ostream& out, const std::string& left, const std::string& text) {
  auto lines = wrap_words(text, help_width - help_column);
  const std::string indent(help_column, ' ');
  std::size_t first = 0;
  if (code_points(left) + 2 <= help_column && !lines.empty()) {
    out << left << std::string(help_column - code_points(left), ' ') << lines[0] << '\n';
    first = 1;
  } else {
    for (const auto& part : wrap_words(left, help_width - 2))
      out << "  " << part << '\n';
  }
  for (std::size_t i = first; i < lines.size(); ++i)
    out << indent << lines[i] << '\n';
}

std::string option_text(const option_spec& s) {
  auto text = (s.short_name.empty() ? "  --" : "  -" + s.short_name + ", --") + s.name;
  if (s.placeholder.empty())
    return text;
  return text + (s.placeholder.front() == '[' ? "" : " ") + s.placeholder;
}

std::string heading(std::string group) {
  if (!group.empty())
    group[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(group[0])));
  return group + ":\n";
}

void write_groups(std::ostream& out, const std::vector<option_spec>& specs) {
  std::vector<std::string> groups;
  for (const auto& s : specs)
    if (!s.hidden && std::find(groups.begin(), groups.end(), s.group) == groups.end())
      groups.push_back(s.group);
  for (const auto& g : groups) {
    out << '\n' << heading(g);
    for (const auto& s : specs)
      if (s.group == g && !s.hidden)
        write_entry(out, option_text(s), help_with_aliases(s));
  }
}

void write_paragraph(std::ostream& out, const std::string& text) {
  for (const auto& line : wrap_words(text, help_width))
    out << line << '\n';
}

const char* exit_codes =
  "Exit codes: 0 ok; 1 the work failed, a check that must stay 0 did not, or diff --fail-above "
  "found a regression; 2 bad input (one line on stderr).";

const char* count_forms =
  "Counts (N, K) take k, M, G for thousand, million, billion, in either case: 10k = 10000, "
  "1.5M = 1500000 (a fraction only when the count comes out whole); a list a,b,c or a range "
  "A..B, A..B+STEP, A..BxFACTOR runs each value.";

void write_entries(std::ostream& out, const std::vector<help_entry>& entries) {
  for (const auto& e : entries)
    write_entry(out, "  " + e.name, e.summary);
}

} // namespace

std::vector<std::string> wrap_words(const std::string& text, std::size_t width) {
  std::vector<std::string> lines;
  std::istringstream words{text};
  std::string line, word;
  while (words >> word) {
    if (!line.empty() && code_points(line) + 1 + code_points(word) <= width) {
      line += " " + word;
      continue;
    }
    if (!line.empty())
      lines.push_back(line);
    for (line = word; code_points(line) > width; line = line.substr(lines.back().size()))
      lines.push_back(first_code_points(line, width));
  }
  if (!line.empty())
    lines.push_back(line);
  return lines;
}

std::string overview_help(const overview& o) {
  std::ostringstream out;
  out << "Usage: " << o.program << " [SCENARIO] [OPTIONS]\n"
      << "       " << o.program << " COMMAND [OPTIONS]\n\n";
  out << (o.default_scenario.empty()
            ? std::string{"Scenarios:\n"}
            : "Scenarios (" + o.default_scenario + " when none is named):\n");
  write_entries(out, o.scenarios);
  out << "\nCommands:\n";
  write_entries(out, o.commands);
  write_entry(out, "  report FILE...",
              "Re-print saved JSON results in any format; several files are merged");
  write_entry(out, "  diff OLD NEW",
              "Compare two saved results configuration by configuration (median ratio with "
              "its interval); --fail-above PCT exits 1 on a regression");
  write_entry(out, "  help [NAME]", "This help, or NAME's: the same as " + o.program + " [NAME] --help");
  write_entry(out, "  man", "Print the manual page (roff): man -l <(" + o.program + " man)");
  write_entry(out, "  completion bash",
              "Print the bash completion script: source it, or install it as "
              "bash-completion/completions/"
                + o.program);
  out << "\nOptions:\n";
  for (const auto& s : tool_options(o.program, o.has_list))
    write_entry(out, option_text(s), s.help);
  out << '\n';
  write_paragraph(out, exit_codes);
  return out.str();
}

std::string target_help(const std::string& usage, const std::string& summary,
                        const std::vector<option_spec>& specs) {
  std::ostringstream out;
  write_paragraph(out, "Usage: " + usage);
  if (!summary.empty()) {
    out << '\n';
    write_paragraph(out, summary);
  }
  write_groups(out, specs);
  out << "\nOther options:\n";
  write_entry(out, "  --config FILE", "Read options from a TOML file; the command line wins");
  write_entry(out, "  --help, -h", "This help");
  out << '\n';
  write_paragraph(out, count_forms);
  write_paragraph(out, exit_codes);
  return out.str();
}

std::string version_line(const tool_info& tool) {
  auto line = tool.name + " " + tool.version + " (git " + tool.git_commit;
  if (!tool.allocator.empty())
    line += ", allocator " + tool.allocator;
  return line + ")\n";
}

} // namespace actorbench::bench
