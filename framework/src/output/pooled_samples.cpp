#include "bench/output/pooled_samples.hpp"

#include <algorithm>
#include <iterator>

#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

std::vector<double> pooled_samples(const configuration_result& c, const std::string& metric) {
  std::vector<double> out;
  for (const auto& run : c.runs)
    if (auto at = run.record.samples.find(metric); at != run.record.samples.end())
      std::copy_if(at->second.begin(), at->second.end(), std::back_inserter(out), is_value);
  return out;
}

} // namespace actorbench::bench
