#include "harness/nearest_word.hpp"

#include <algorithm>
#include <cctype>

namespace actorbench::bench {

namespace {

std::string lower(std::string text) {
  for (auto& c : text)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// Optimal string alignment distance (Damerau-Levenshtein without repeated
// edits of one substring): a transposed pair is one typo, not two.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i)
    d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j)
    d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

} // namespace

std::vector<std::string> nearest_words(const std::string& typed,
                                       const std::vector<std::string>& candidates) {
  // Words far longer than any name are no typo; this also bounds the work.
  constexpr std::size_t longest = 64;
  std::vector<std::string> out;
  if (typed.empty() || typed.size() > longest)
    return out;
  auto t = lower(typed);
  std::size_t best = longest;
  for (const auto& c : candidates) {
    if (c.empty() || c.size() > longest || std::find(out.begin(), out.end(), c) != out.end())
      continue;
    auto d = edit_distance(t, lower(c));
    auto allowed = std::max<std::size_t>(1, std::min(t.size(), c.size()) / 4);
    if (d > allowed || d > best)
      continue;
    if (d < best)
      out.clear();
    best = d;
    out.push_back(c);
  }
  return out;
}

std::string did_you_mean(const std::vector<std::string>& words) {
  if (words.empty())
    return {};
  std::string out = "did you mean ";
  for (std::size_t i = 0; i < words.size(); ++i)
    out += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + ("'" + words[i] + "'");
  return out + "?";
}

} // namespace actorbench::bench
