#pragma once

#include <string>
#include <vector>

#include "bench/harness/configuration.hpp"
#include "bench/harness/declaration.hpp"
#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// How a set of configurations is told apart: what every table, diff and
/// plot of results shows above and beside its numbers.
struct column_labels {
  /// One row per parameter that varies (and one for the file when the
  /// configurations come from several), one cell per configuration; blank
  /// where the parameter does not apply.
  std::vector<std::vector<std::string>> header;
  /// Per header row: the parameter's name ("procs"; "file" for the file).
  std::vector<std::string> names;
  /// Per header row: the bare values ("1000", "on"), blank where n/a.
  std::vector<std::vector<std::string>> values;
  /// Each parameter that has one value in every configuration, once:
  /// "crypto off", "backend openssl", "2 threads".
  std::vector<std::string> constants;
  /// One line per configuration: "a.json: 1000 procs, crypto on".
  std::vector<std::string> labels;
};

/// A parameter's value alone: "1000", "512 KiB", "250 ms", "on", "openssl".
std::string param_value_text(const param_decl& p, const param_value& v);

/// A parameter's value as a table shows it: numbers before the name
/// ("1000 procs", "512 KiB size", "250 ms tick"), words after it
/// ("crypto on", "backend openssl").
std::string param_text(const param_decl& p, const param_value& v);

/// The labels of `configs` by the parameters of `d`; `except` names a
/// parameter left out of them (a plot's x axis).
column_labels label_columns(const declaration& d, const std::vector<configuration_result>& configs,
                            const std::string& except = {});

/// "constant: crypto off · backend openssl · 2 threads", or empty.
std::string constants_line(const column_labels& labels);

} // namespace actorbench::bench
