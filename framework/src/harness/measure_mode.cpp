#include "bench/harness/measure_mode.hpp"

namespace actorbench::bench {

std::string to_string(measure_mode mode) {
  return mode == measure_mode::instructions ? "instructions" : "time";
}

result<measure_mode> parse_measure(const std::string& text) {
  if (text == "time")
    return measure_mode::time;
  if (text == "instructions")
    return measure_mode::instructions;
  return bad_input("invalid --measure '" + text + "': expected time or instructions");
}

} // namespace actorbench::bench
