#pragma once

#include <string>
#include <vector>

#include "command/command_context.hpp"
#include "command/run_settings.hpp"
#include "bench/harness/results.hpp"
#include "bench/harness/scenario.hpp"
#include "bench/output/results_writer.hpp"
#include "bench/output/view.hpp"

namespace actorbench::bench {

/// The names of `views`, for --view and its help.
std::vector<std::string> view_names(const std::vector<const view*>& views);

/// The table view --view asks for: null for "generic", the first of `views`
/// (or null when there is none) for "" (null too when the runs counted
/// instructions, which the views, shaped for times, do not show), else the
/// one of that name; otherwise bad_input naming the value and the valid
/// views.
result<const view*> choose_view(const std::vector<const view*>& views, const std::string& name,
                                measure_mode measured = measure_mode::time);

/// Writes `r` as `settings` say (publish), with `table_view` for table and
/// markdown under the verdict of `known` (the scenario that measured it; null
/// when this binary does not know it: the generic verdict), then draws --plot
/// (the view's plot script when it has one), even when the output failed;
/// the first error is returned.
result<void> write_results(const command_context& ctx, const scenario_results& r,
                           const output_settings& settings, const view* table_view,
                           const scenario* known);

} // namespace actorbench::bench
