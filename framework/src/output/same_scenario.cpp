#include "output/same_scenario.hpp"

namespace actorbench::bench {

result<void> check_same_scenario(const std::string& a_name, const scenario_results& a,
                                 const std::string& b_name, const scenario_results& b) {
  if (a.scenario.name == b.scenario.name)
    return {};
  return bad_input("'" + a_name + "' holds " + a.scenario.name + " results and '" + b_name + "' "
                   + b.scenario.name + " results");
}

} // namespace actorbench::bench
