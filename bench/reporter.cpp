#include "bench/reporter.hpp"

namespace actorbench::bench {

std::unique_ptr<reporter> make_reporter(output_format format) {
  switch (format) {
    case output_format::json:
      return make_json_reporter();
    case output_format::csv:
      return make_csv_reporter();
    case output_format::markdown:
      return make_markdown_reporter();
    case output_format::table:
      break;
  }
  return make_console_reporter();
}

} // namespace actorbench::bench
