#pragma once

// A gnuplot script read the way gnuplot 5.4 reads it (command.c's line
// reader, scanner.c's tokens), reduced to its skeleton: the code with every
// string expression made only of literals ('a'."'".'b') as S and every
// number as N. Two scripts with the same skeleton run the same commands;
// only the text they show differs. Anything gnuplot would run from inside a
// line (a backtick, an @macro, a `!` command) or that would end a line early
// (NUL, CR, another control character) is reported as a fault instead.

#include <cctype>
#include <cstddef>
#include <string>
#include <vector>

namespace actorbench::fuzz {

struct gnuplot_skeleton {
  std::string code;
  /// Why the script is not plain code and strings; empty when it is.
  std::string fault;
};

namespace detail {

inline bool number_start(const std::string& line, std::size_t at) {
  auto digit = [&](std::size_t i) {
    return i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]));
  };
  return digit(at) || (line[at] == '.' && digit(at + 1));
}

/// The end of the number at `at` (digits, a point, an exponent).
inline std::size_t number_end(const std::string& line, std::size_t at) {
  auto digits = [&](std::size_t i) {
    while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i])))
      ++i;
    return i;
  };
  at = digits(at);
  if (at < line.size() && line[at] == '.')
    at = digits(at + 1);
  if (at < line.size() && (line[at] == 'e' || line[at] == 'E')) {
    auto sign = at + 1 < line.size() && (line[at + 1] == '+' || line[at + 1] == '-');
    at = digits(at + 1 + (sign ? 1 : 0));
  }
  return at;
}

/// The end of the quoted string at `at`, as scanner.c finds it: in '...' a
/// character followed by '' takes both in (so a leading '' does not), in
/// "..." a backslash takes the next character in. `fault` is set for an
/// unterminated string or a backtick in "..." (command substitution).
inline std::size_t string_end(const std::string& line, std::size_t at, std::string& fault) {
  const char quote = line[at];
  std::size_t i = at + 1;
  while (i < line.size() && line[i] != quote) {
    if (quote == '"' && line[i] == '\\' && i + 1 < line.size())
      i += 2;
    else if (quote == '"' && line[i] == '`')
      return fault = "a backtick in a double-quoted string: " + line, line.size();
    else if (quote == '\'' && i + 2 < line.size() && line[i + 1] == '\'' && line[i + 2] == '\'')
      i += 3;
    else
      ++i;
  }
  if (i >= line.size())
    return fault = "an unterminated string: " + line, line.size();
  return i + 1;
}

/// The skeleton of one logical line (continuations joined).
inline std::string line_skeleton(const std::string& line, std::string& fault) {
  std::string out;
  auto first = line.find_first_not_of(" \t");
  if (first != std::string::npos && line[first] == '!')
    return fault = "a shell command: " + line, out;
  bool string_before = false; // the last token was S: a `.` may join another
  bool joining = false;       // a `.` after S, before the next string
  for (std::size_t i = 0; i < line.size() && fault.empty();) {
    char c = line[i];
    if (c == ' ' || c == '\t') {
      ++i;
      continue;
    }
    if (c == '`' || c == '@')
      return fault = std::string{c == '`' ? "a backtick" : "a macro"} + " outside strings: " + line,
             out;
    if (c == '#')
      return out + " #" + line.substr(i); // a comment: kept, so that it must match
    if (c == '\'' || c == '"') {
      i = string_end(line, i, fault);
      if (!joining)
        out += " S";
      string_before = true;
      joining = false;
      continue;
    }
    if (c == '.' && string_before) {
      auto next = line.find_first_not_of(" \t", i + 1);
      if (next != std::string::npos && (line[next] == '\'' || line[next] == '"')) {
        i = next; // S . S is one S
        joining = true;
        continue;
      }
    }
    string_before = false;
    if (number_start(line, i)) {
      out += " N";
      i = number_end(line, i);
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_' || (c & 0x80) != 0) {
      auto start = i;
      while (i < line.size()
             && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_'
                 || (line[i] & 0x80) != 0))
        ++i;
      out += " " + line.substr(start, i - start);
    } else {
      out += std::string{" "} + c;
      ++i;
    }
  }
  return out;
}

/// Whether `line` is one row of an inline data block: numbers (or NaN)
/// separated by spaces.
inline bool data_row(const std::string& line) {
  if (line.empty())
    return false;
  for (std::size_t i = 0; i < line.size();) {
    if (line[i] == ' ') {
      ++i;
      continue;
    }
    if (line.compare(i, 3, "NaN") == 0) {
      i += 3;
    } else {
      auto start = i;
      if (line[i] == '-' || line[i] == '+')
        ++i;
      if (i >= line.size() || !number_start(line, i))
        return false;
      i = number_end(line, i);
      if (i == start)
        return false;
    }
    if (i < line.size() && line[i] != ' ')
      return false;
  }
  return true;
}

} // namespace detail

/// The skeleton of `script`, one logical line per line ("\\" marks where
/// physical lines were joined), data block rows as "DATA".
inline gnuplot_skeleton skeleton_of(const std::string& script) {
  gnuplot_skeleton s;
  for (unsigned char c : script)
    if ((c < 0x20 && c != '\n') || c == 0x7F)
      return {{}, "a control character (" + std::to_string(c) + ") in the script"};
  std::vector<std::string> lines;
  for (std::size_t at = 0; at < script.size();) {
    auto end = script.find('\n', at);
    if (end == std::string::npos)
      return {{}, "the script's last line has no line feed"};
    lines.push_back(script.substr(at, end - at));
    at = end + 1;
  }
  std::string block_end; // inside a data block: the word that ends it
  std::string logical;
  for (const auto& line : lines) {
    if (!block_end.empty()) {
      if (line == block_end) {
        block_end.clear();
        s.code += "END\n";
      } else if (!detail::data_row(line)) {
        return {{}, "a data block row that is not numbers: " + line};
      } else {
        s.code += "DATA\n";
      }
      continue;
    }
    if (!line.empty() && line.back() == '\\') { // gnuplot joins the next line
      logical += line.substr(0, line.size() - 1);
      s.code += "\\";
      continue;
    }
    logical += line;
    auto code = detail::line_skeleton(logical, s.fault);
    if (!s.fault.empty())
      return s;
    auto heredoc = logical.find("<<");
    if (!logical.empty() && logical[0] == '$' && heredoc != std::string::npos) {
      block_end = logical.substr(logical.find_first_not_of(' ', heredoc + 2));
      if (block_end.empty() || block_end.find(' ') != std::string::npos)
        return {{}, "a data block without its end word: " + logical};
    }
    s.code += code + "\n";
    logical.clear();
  }
  if (!block_end.empty() || !logical.empty())
    s.fault = "the script ends inside a data block or a continued line";
  return s;
}

} // namespace actorbench::fuzz
