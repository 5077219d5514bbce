#include "bench/output/column_labels.hpp"

#include <algorithm>

#include "bench/output/units.hpp"

namespace actorbench::bench {

namespace {

/// The cell of parameter `p` in configuration `c` (the value alone when
/// `bare`): blank when it does not apply.
std::string cell_of(const param_decl& p, const configuration& c, bool bare) {
  auto i = c.values.find(p.name);
  if (i == c.values.end() || !c.applies(p.name))
    return {};
  return bare ? param_value_text(p, i->second) : param_text(p, i->second);
}

bool all_equal(const std::vector<std::string>& cells) {
  return std::all_of(cells.begin(), cells.end(),
                     [&](const std::string& c) { return c == cells.front(); });
}

std::vector<std::string> join_labels(const std::vector<std::vector<std::string>>& header,
                                     std::size_t count, const declaration& d,
                                     bool first_is_source) {
  std::vector<std::string> labels(count);
  for (std::size_t c = 0; c < count; ++c) {
    std::string text;
    for (std::size_t r = first_is_source ? 1 : 0; r < header.size(); ++r)
      if (!header[r][c].empty())
        text += (text.empty() ? "" : ", ") + header[r][c];
    if (text.empty())
      text = count == 1 ? d.name : "configuration " + std::to_string(c + 1);
    labels[c] = first_is_source ? header.front()[c] + ": " + text : text;
  }
  return labels;
}

} // namespace

std::string param_value_text(const param_decl& p, const param_value& v) {
  if (p.type == param_type::size && std::holds_alternative<std::int64_t>(v))
    return format_value(static_cast<double>(std::get<std::int64_t>(v)), "bytes");
  if (p.type == param_type::duration && std::holds_alternative<double>(v))
    return format_value(std::get<double>(v), "s");
  return to_text(v);
}

std::string param_text(const param_decl& p, const param_value& v) {
  bool number =
    p.type == param_type::integer || p.type == param_type::size || p.type == param_type::duration;
  return number ? param_value_text(p, v) + " " + p.name : p.name + " " + param_value_text(p, v);
}

column_labels label_columns(const declaration& d, const std::vector<configuration_result>& configs,
                            const std::string& except) {
  column_labels out;
  if (configs.empty())
    return out;
  std::vector<std::string> sources;
  for (const auto& c : configs)
    sources.push_back(c.source);
  bool by_source = !all_equal(sources);
  if (by_source) {
    out.header.push_back(sources);
    out.names.push_back("file");
    out.values.push_back(sources);
  }
  for (const auto& p : d.params) {
    if (p.name == except)
      continue;
    std::vector<std::string> cells, bare;
    for (const auto& c : configs) {
      cells.push_back(cell_of(p, c.config, false));
      bare.push_back(cell_of(p, c.config, true));
    }
    if (!all_equal(cells)) {
      out.header.push_back(std::move(cells));
      out.names.push_back(p.name);
      out.values.push_back(std::move(bare));
    } else if (!cells.front().empty())
      out.constants.push_back(cells.front());
  }
  out.labels = join_labels(out.header, configs.size(), d, by_source);
  return out;
}

std::string constants_line(const column_labels& labels) {
  std::string line;
  for (const auto& c : labels.constants)
    line += (line.empty() ? "constant: " : " · ") + c;
  return line;
}

} // namespace actorbench::bench
