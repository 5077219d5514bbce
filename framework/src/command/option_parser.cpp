#include "command/option_parser.hpp"

namespace actorbench::bench {

namespace {

bool is_option(const std::string& word) {
  return word.size() > 1 && word[0] == '-';
}

// `typed`: the name as given, the option's own or one of its aliases.
result<void> store(parsed_options& out, const option_spec& spec, const std::string& typed,
                   const std::string& text, const parse_target& target) {
  if (spec.takes_value && text.empty())
    return bad_input("invalid --" + typed + " '': expected " + spec.placeholder + "; "
                     + help_hint(target));
  auto [at, added] = out.values.emplace(spec.name, text);
  if (!added)
    return bad_input("invalid --" + typed + " '" + text + "': --" + spec.name
                     + " is given already ('" + at->second + "')");
  if (typed != spec.name)
    out.spellings[spec.name] = typed;
  return {};
}

// One option word (and its value, the next word, when it takes one).
result<void> read_option(const std::vector<std::string>& words, std::size_t& i,
                         const std::vector<option_spec>& specs, const parse_target& target,
                         parsed_options& out) {
  const auto& word = words[i];
  auto eq = word.find('=');
  auto name = word.substr(word[1] == '-' ? 2 : 1, eq == std::string::npos ? eq : eq - 2);
  const auto* spec = word[1] == '-' ? find_option(specs, name) : nullptr;
  if (spec == nullptr)
    return bad_input("unknown option '" + word.substr(0, eq) + "' for " + target.name + "; "
                     + help_hint(target));
  if (eq != std::string::npos)
    return store(out, *spec, name, word.substr(eq + 1), target);
  if (!spec->takes_value)
    return store(out, *spec, name, "on", target);
  if (i + 1 == words.size())
    return bad_input("invalid --" + name + ": expected " + spec->placeholder + " after it; "
                     + help_hint(target));
  return store(out, *spec, name, words[++i], target);
}

} // namespace

std::string help_hint(const parse_target& target) {
  return "see " + target.program + " " + target.name + " --help";
}

result<parsed_options> parse_options(const std::vector<std::string>& words,
                                     const std::vector<option_spec>& specs,
                                     const parse_target& target) {
  parsed_options out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (!is_option(words[i])) {
      out.positionals.push_back(words[i]);
      continue;
    }
    if (auto ok = read_option(words, i, specs, target, out); !ok)
      return ok.err();
  }
  return out;
}

} // namespace actorbench::bench
