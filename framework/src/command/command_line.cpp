#include "command/command_line.hpp"

#include <algorithm>

namespace actorbench::bench {

namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// "--runs" -> "runs"; "--runs=3", "-x" and "3" -> "" (their next word is
// never their value).
std::string bare_option(const std::string& word) {
  if (word.size() < 3 || word.compare(0, 2, "--") != 0 || word.find('=') != std::string::npos)
    return {};
  return word.substr(2);
}

// Sets the target from `word` when it is a name; false when it is none.
bool pick_target(const std::string& word, const line_names& names, split_line& line) {
  auto builtin = std::find_if(std::begin(builtin_targets), std::end(builtin_targets),
                              [&word](target_kind k) { return builtin_target_name(k) == word; });
  if (builtin != std::end(builtin_targets))
    line.kind = *builtin;
  else if (contains(names.scenarios, word))
    line.kind = target_kind::scenario;
  else if (contains(names.commands, word))
    line.kind = target_kind::command;
  else
    return false;
  line.target = word;
  line.named = true;
  return true;
}

result<void> take_config(const std::vector<std::string>& words, std::size_t& i, split_line& line) {
  std::string file;
  if (words[i] == "--config") {
    if (i + 1 == words.size())
      return bad_input("invalid --config: expected a FILE after it");
    file = words[++i];
  } else {
    file = words[i].substr(sizeof("--config=") - 1);
  }
  if (!line.config.empty())
    return bad_input("invalid --config '" + file + "': --config '" + line.config
                     + "' is given already; give one file");
  if (file.empty())
    return bad_input("invalid --config '': expected a FILE");
  line.config = file;
  return {};
}

void default_target(const line_names& names, split_line& line) {
  if (!names.default_scenario.empty())
    line.target = names.default_scenario;
  else if (names.scenarios.size() == 1)
    line.target = names.scenarios.front();
}

} // namespace

std::string builtin_target_name(target_kind kind) {
  switch (kind) {
    case target_kind::report:
      return "report";
    case target_kind::diff:
      return "diff";
    case target_kind::man:
      return "man";
    case target_kind::completion:
      return "completion";
    default:
      return {};
  }
}

result<split_line> split_argv(const std::vector<std::string>& words, const line_names& names) {
  split_line line;
  bool value_next = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const auto& word = words[i];
    if (value_next) {
      value_next = false;
      line.args.push_back(word);
    } else if (word == "--config" || word.rfind("--config=", 0) == 0) {
      if (auto ok = take_config(words, i, line); !ok)
        return ok.err();
    } else if (word == "--help" || word == "-h") {
      line.help = true;
    } else if (word == "help" && i == 0) {
      // `help [NAME]` is `[NAME] --help`, as in git and cargo.
      line.help = true;
    } else if (word == "--version") {
      line.version = true;
    } else if (word == "--list" && names.has_list) {
      line.list = true;
    } else if (!line.named && pick_target(word, names, line)) {
      // The name picked the target; it is no argument of it.
    } else {
      // After an option that takes no value here (or none known), a word may
      // still be meant as its value ("--proc 10"): the option's error says more.
      bool after_option = i > 0 && !bare_option(words[i - 1]).empty();
      if (!line.named && line.stray.empty() && !after_option && (word.empty() || word[0] != '-'))
        line.stray = word;
      value_next = names.value_options.count(word) > 0;
      line.args.push_back(word);
    }
  }
  if (!line.named)
    default_target(names, line);
  return line;
}

} // namespace actorbench::bench
