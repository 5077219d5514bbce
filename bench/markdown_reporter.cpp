#include <cstdio>
#include <string>

#include "bench/comparison.hpp"
#include "bench/reporter.hpp"
#include "bench/harness/statistics.hpp"

namespace actorbench::bench {

namespace {

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", decimals, v);
  return buf;
}

class markdown_reporter : public reporter {
 public:
  void write(const report& rep, std::ostream& out) const override {
    auto labels = result_labels(rep.results);
    out << "| configuration | runs | mean ± σ (s) | median (s) | min (s) | max (s) "
           "| 99.9% CI (s) | actors/s | peak RSS (MiB) | mismatches | relative |\n"
        << "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n";
    for (std::size_t i = 0; i < rep.results.size(); ++i) {
      const auto& r = rep.results[i];
      auto s = summarize(r.samples_s);
      std::string rel = "reference";
      if (i != rep.reference) {
        auto c = compare_to(r, rep.results[rep.reference]);
        char p[32];
        std::snprintf(p, sizeof(p), "%.3g", c.p_value);
        rel = to_string(c.speed) + " (p = " + p + ")";
      }
      auto peak = r.max_peak_rss_bytes();
      out << "| " << labels[i] << " | " << s.count << " | " << fixed(s.mean, 4) << " ± "
          << fixed(s.stddev, 4) << " | " << fixed(s.median, 4) << " | " << fixed(s.min, 4) << " | "
          << fixed(s.max, 4) << " | ± " << fixed(s.ci999, 4) << " | "
          << (s.median > 0 ? fixed(r.procs / s.median, 0) : "n/a") << " | "
          << (peak ? fixed(*peak / (1024.0 * 1024.0), 1) : "n/a") << " | " << r.mismatches << " | "
          << rel << " |\n";
    }
  }
};

} // namespace

std::unique_ptr<reporter> make_markdown_reporter() {
  return std::make_unique<markdown_reporter>();
}

} // namespace actorbench::bench
