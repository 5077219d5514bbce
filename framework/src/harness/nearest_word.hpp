#pragma once

#include <string>
#include <vector>

namespace actorbench::bench {

/// The candidates closest to `typed` when it looks like a typo of them: the
/// fewest edits (a letter added, dropped, changed, or two neighbours
/// swapped; case ignored), and at most one edit per four letters of the
/// shorter word (at least one). Several when tied, in the candidates' order;
/// none when nothing is that close.
std::vector<std::string> nearest_words(const std::string& typed,
                                       const std::vector<std::string>& candidates);

/// "did you mean 'zone'?", "did you mean 'a' or 'b'?"; empty for no words.
std::string did_you_mean(const std::vector<std::string>& words);

} // namespace actorbench::bench
