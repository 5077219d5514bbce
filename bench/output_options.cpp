#include "bench/output_options.hpp"

namespace actorbench::bench {

result<output_format> parse_format(const std::string& text) {
  if (text == "table")
    return output_format::table;
  if (text == "json")
    return output_format::json;
  if (text == "csv")
    return output_format::csv;
  if (text == "markdown")
    return output_format::markdown;
  return bad_input("invalid --format '" + text + "': expected table, json, csv or markdown");
}

} // namespace actorbench::bench
