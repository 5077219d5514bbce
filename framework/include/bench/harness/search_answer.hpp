#pragma once

#include <string>

#include "bench/harness/results.hpp"

namespace actorbench::bench {

/// The decision rule in words, for --help and the notes under a search.
std::string search_rule_text(const search_rule& rule);

/// A search's answer in one line, with its interval: "capacity 12,450
/// players [11,800, 13,100] at 20 Hz with p99 under 50 ms ...", or, when
/// the rule left a value undecided, "capacity unresolved: between 2,400 and
/// 6,600 players; 5,000 stayed undecided after 6 probes, 4 of them
/// disturbed (the host probe took up to 3.9x its CPU time: it waited for its CPU)".
std::string search_answer(const search_result& s);

} // namespace actorbench::bench
