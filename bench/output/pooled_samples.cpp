#include "bench/output/pooled_samples.hpp"

namespace actorbench::bench {

std::vector<double> pooled_samples(const configuration_result& c, const std::string& metric) {
  std::vector<double> out;
  for (const auto& run : c.runs)
    if (auto at = run.record.samples.find(metric); at != run.record.samples.end())
      out.insert(out.end(), at->second.begin(), at->second.end());
  return out;
}

} // namespace actorbench::bench
