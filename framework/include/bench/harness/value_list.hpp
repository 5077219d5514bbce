#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bench/error.hpp"

namespace actorbench::bench {

/// Most values one option may expand to, so a typo cannot ask for a million runs.
inline constexpr std::size_t max_list_values = 1000;

/// Parses a number option that may scan: "5", "1,2,4", "1..4" (step 1),
/// "1..64+8" (step 8), "1000..1000000x10" (each times 10); each value and
/// step a count (parse_count_value: "10k"). Every value must lie in
/// [min, max]; the error names the option and the bad text.
result<std::vector<std::size_t>> parse_count_list(const std::string& option,
                                                  const std::string& text, std::size_t min,
                                                  std::size_t max);

/// Reads one value of a list or one end or step of a range ("12", "4K");
/// nullopt when the text is not one.
using list_item_parser = std::function<std::optional<std::size_t>(const std::string&)>;

/// parse_count_list with another reader for values and + steps (sizes with
/// suffixes); `expected` says what is valid after "invalid OPTION 'TEXT': ".
result<std::vector<std::size_t>> parse_scan_list(const std::string& option, const std::string& text,
                                                 std::size_t min, std::size_t max,
                                                 const list_item_parser& item,
                                                 const std::string& expected);

/// "123" -> 123; nullopt for anything but decimal digits (at most 19).
std::optional<std::size_t> parse_whole_number(const std::string& text);

/// A count as typed: "10000", or with a decimal suffix k, M or G (either
/// case) for thousand, million, billion: "10k" = 10000, "1M", "2g". A
/// fraction only before a suffix and only when the count comes out whole:
/// "1.5k" = 1500, not "1.5" or "1.0005k". nullopt for anything else and
/// for counts beyond std::size_t.
std::optional<std::size_t> parse_count_value(const std::string& text);

/// What a count option accepts besides digits, for its error and --help:
/// "k, M, G for thousand, million, billion: 10k, 1.5M".
extern const char* const count_suffix_help;

/// Parses a single count (parse_count_value) in [min, max].
result<std::size_t> parse_count(const std::string& option, const std::string& text, std::size_t min,
                                std::size_t max);

/// Splits "a,b,c" into words; empty words are an error naming the option.
result<std::vector<std::string>> parse_word_list(const std::string& option,
                                                 const std::string& text);

} // namespace actorbench::bench
