#include "command/bash_completion.hpp"

#include <cctype>
#include <set>
#include <sstream>

#include "bench/output/text_wrap.hpp"
#include "output/shell_quoted.hpp"

namespace actorbench::bench {

namespace {

// Filled in by bash_completion: _NAME (the function's), PROGRAM, NAMES,
// DEFAULT, TAKES_VALUE. _NAME_value sets REPLY to the words of option $2
// of target $1, @file, @text (any other value) or nothing (a flag);
// _NAME_options to the options of target $1; _NAME_arguments to what the
// arguments after target $1 are (@file, words, or nothing: its options).
const char* completion_function = R"(_NAME_words() {
  local prefix=
  [[ $cur == *,* ]] && prefix=${cur%,*},
  mapfile -t COMPREPLY < <(compgen -W "$1" -P "$prefix" -- "${cur##*,}")
}

_NAME() {
  local cur=${COMP_WORDS[COMP_CWORD]} option= target= named= skip= word i REPLY=
  local names=NAMES takes_value=TAKES_VALUE
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    if [[ $word == = ]]; then skip=1
    elif [[ -n $skip ]]; then skip=
    elif [[ -z $named && " $names " == *" $word "* ]]; then target=$word named=1
    elif [[ " $takes_value " == *" $word "* ]]; then skip=1
    fi
  done
  [[ -n $named ]] || target=DEFAULT
  # An option's value: "--name VALUE" or "--name=VALUE" (bash splits at =).
  if [[ $cur == = ]]; then option=${COMP_WORDS[COMP_CWORD-1]} cur=
  elif ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[COMP_CWORD-1]} == = ]]; then
    option=${COMP_WORDS[COMP_CWORD-2]}
  elif ((COMP_CWORD >= 1)); then option=${COMP_WORDS[COMP_CWORD-1]}
  fi
  COMPREPLY=()
  [[ $option == -* ]] && _NAME_value "$target" "$option"
  case $REPLY in
    @file) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
    @text) ;;
    ?*) _NAME_words "$REPLY" ;;
    *)
      if [[ -z $named && $cur != -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$names" -- "$cur")
        return
      fi
      REPLY=
      [[ $cur == -* ]] || _NAME_arguments "$target"
      case $REPLY in
        @file) compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
        ?*) mapfile -t COMPREPLY < <(compgen -W "$REPLY" -- "$cur") ;;
        *)
          _NAME_options "$target"
          [[ -n $named ]] || REPLY+=" TOP_OPTIONS"
          mapfile -t COMPREPLY < <(compgen -W "$REPLY" -- "$cur") ;;
      esac ;;
  esac
}

complete -F _NAME PROGRAM
)";

std::string words_of(const std::vector<std::string>& words) {
  return joined(words, " ");
}

// The options' names with "--", each alias too.
std::vector<std::string> spellings(const option_spec& s) {
  std::vector<std::string> out{"--" + s.name};
  for (const auto& a : s.aliases)
    out.push_back("--" + a);
  return out;
}

std::string value_reply(const option_spec& s) {
  if (!s.words.empty())
    return shell_quoted(words_of(s.words));
  return takes_file(s) ? "@file" : "@text";
}

std::vector<const target_outline*> every_target(const tool_outline& t) {
  std::vector<const target_outline*> out;
  for (const auto* list : {&t.scenarios, &t.commands})
    for (const auto& target : *list)
      out.push_back(&target);
  return out;
}

void write_value_function(std::ostream& out, const std::string& fn, const tool_outline& t) {
  out << fn << "_value() {\n  case \"$1 $2\" in\n";
  for (const auto* target : every_target(t))
    for (const auto& s : target->options)
      if (s.takes_value && !s.hidden)
        for (const auto& name : spellings(s))
          out << "    " << shell_quoted(target->name + " " + name) << ") REPLY=" << value_reply(s)
              << " ;;\n";
  out << "    *' --config') REPLY=@file ;;\n    *) REPLY= ;;\n  esac\n}\n\n";
}

void write_options_function(std::ostream& out, const std::string& fn, const tool_outline& t) {
  out << fn << "_options() {\n  case $1 in\n";
  for (const auto* target : every_target(t)) {
    std::vector<std::string> names;
    for (const auto& s : target->options)
      if (!s.hidden)
        names.push_back("--" + s.name);
    names.insert(names.end(), {"--config", "--help"});
    out << "    " << shell_quoted(target->name) << ") REPLY=" << shell_quoted(words_of(names))
        << " ;;\n";
  }
  out << "    *) REPLY='--config --help' ;;\n  esac\n}\n\n";
}

void write_arguments_function(std::ostream& out, const std::string& fn, const tool_outline& t) {
  out << fn << "_arguments() {\n  case $1 in\n";
  for (const auto* target : every_target(t))
    if (target->file_arguments || !target->argument_words.empty())
      out << "    " << shell_quoted(target->name) << ") REPLY="
          << (target->file_arguments ? "@file" : shell_quoted(words_of(target->argument_words)))
          << " ;;\n";
  out << "    *) REPLY= ;;\n  esac\n}\n\n";
}

std::string function_name(const std::string& program) {
  std::string out = "_";
  for (char c : program)
    out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

} // namespace

std::string bash_completion(const tool_outline& t) {
  std::vector<std::string> names;
  std::set<std::string> takes_value{"--config"};
  for (const auto* target : every_target(t)) {
    names.push_back(target->name);
    for (const auto& s : target->options)
      if (s.takes_value)
        for (const auto& name : spellings(s))
          takes_value.insert(name);
  }
  std::vector<std::string> top;
  for (const auto& s : tool_options(t.program, t.has_list))
    if (s.name != "config" && s.name != "help")
      top.push_back("--" + s.name);
  const auto fn = function_name(t.program);
  std::ostringstream out;
  out << "# bash completion for " << t.program << ", generated by `" << t.program
      << " completion bash` from its declarations.\n\n";
  write_value_function(out, fn, t);
  write_options_function(out, fn, t);
  write_arguments_function(out, fn, t);
  std::string body = completion_function;
  replace_all(body, "_NAME", fn);
  replace_all(body, "TOP_OPTIONS", words_of(top));
  replace_all(body, "TAKES_VALUE",
              shell_quoted(words_of({takes_value.begin(), takes_value.end()})));
  replace_all(body, "NAMES", shell_quoted(words_of(names)));
  replace_all(body, "DEFAULT", shell_quoted(t.default_scenario));
  replace_all(body, "PROGRAM", shell_quoted(t.program));
  return out.str() + body;
}

} // namespace actorbench::bench
