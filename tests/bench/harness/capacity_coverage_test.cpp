#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

#include "bench/harness/capacity_search.hpp"

// The capacity search on synthetic systems whose capacity is known: does
// the stated 90% interval cover it in 90% of searches? Seeded, so each
// figure is the same every run.

using namespace actorbench::bench;

namespace {

enum class noise_kind { none, normal, student_t2 };

/// A system whose probe keeps up when ln(load / median_capacity) + spread * e
/// is below 0, e drawn from `kind`; a `disturbed` share of probes run on a
/// busy host: slower by a random factor, and flagged.
struct synthetic_system {
  noise_kind kind = noise_kind::none;
  double spread = 0;
  double disturbed_share = 0;

  // The noise's quantile at p.
  double quantile(double p) const {
    switch (kind) {
    case noise_kind::none:
      return 0;
    case noise_kind::normal: {
      double lo = -10, hi = 10;
      for (int i = 0; i < 100; ++i) {
        auto mid = (lo + hi) / 2;
        (0.5 * std::erfc(-mid / std::sqrt(2.0)) < p ? lo : hi) = mid;
      }
      return (lo + hi) / 2;
    }
    case noise_kind::student_t2:
      return (2 * p - 1) / std::sqrt(2 * p * (1 - p));
    }
    return 0;
  }

  /// The largest load that keeps up with probability keep_up.
  double capacity(double median_capacity, double keep_up) const {
    return median_capacity * std::exp(-spread * quantile(keep_up));
  }

  capacity_probe probe(double load, double median_capacity, std::mt19937_64& rng) const {
    std::normal_distribution<double> normal;
    std::uniform_real_distribution<double> uniform{0, 1};
    double e = 0;
    if (kind == noise_kind::normal)
      e = normal(rng);
    if (kind == noise_kind::student_t2)
      e = normal(rng) / std::sqrt(-std::log(1 - uniform(rng)));
    auto slowness = std::log(load / median_capacity) + spread * e;
    bool disturbed = uniform(rng) < disturbed_share;
    if (disturbed)
      slowness += std::exponential_distribution<double>{1 / 0.3}(rng);
    return {load, slowness < 0, disturbed};
  }
};

struct coverage_figures {
  int searches = 0;
  int covered = 0;
  int unresolved = 0;
  /// Resolved searches whose interval misses the capacity by more than 10%.
  int far_off = 0;
  std::vector<double> widths;
  std::vector<double> probes;

  double share(int n) const { return static_cast<double>(n) / searches; }
  static double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
  }
};

coverage_figures simulate(const synthetic_system& system, std::uint64_t seed) {
  std::mt19937_64 rng{seed};
  coverage_figures out;
  const capacity_search_options options{};
  for (int i = 0; i < 200; ++i) {
    // A capacity anywhere from 3 to 30 times the start.
    auto median_capacity =
      std::exp(std::uniform_real_distribution<double>{std::log(3'000.0), std::log(30'000.0)}(rng));
    auto truth = system.capacity(median_capacity, options.fit.keep_up);
    auto e = find_capacity(options, [&](double load) -> std::optional<capacity_probe> {
      return system.probe(load, median_capacity, rng);
    });
    ++out.searches;
    out.probes.push_back(static_cast<double>(e.probes));
    auto low = e.fit.fitted ? e.fit.low : 0.0;
    auto high = e.fit.fitted ? e.fit.high : std::numeric_limits<double>::infinity();
    out.covered += low <= truth && truth <= high;
    if (!e.resolved()) {
      ++out.unresolved;
      continue;
    }
    out.widths.push_back((high - low) / e.fit.curve.capacity);
    out.far_off += truth < low / 1.1 || truth > high * 1.1;
  }
  return out;
}

void check_coverage(const std::string& level, const synthetic_system& system, std::uint64_t seed) {
  auto f = simulate(system, seed);
  MESSAGE(level << ": coverage " << f.share(f.covered) << ", median width "
                << coverage_figures::median(f.widths) << ", unresolved " << f.share(f.unresolved)
                << ", median probes " << coverage_figures::median(f.probes));
  CHECK(f.share(f.covered) >= 0.85);
  CHECK(f.far_off == 0);
}

} // namespace

TEST_CASE("capacity search coverage: no noise, a sharp step") {
  check_coverage("no noise", {noise_kind::none, 0, 0}, 1);
}

TEST_CASE("capacity search coverage: normal noise, 3% of load") {
  check_coverage("normal 3%", {noise_kind::normal, 0.03, 0}, 2);
}

TEST_CASE("capacity search coverage: normal noise, 10% of load") {
  check_coverage("normal 10%", {noise_kind::normal, 0.10, 0}, 3);
}

TEST_CASE("capacity search coverage: heavy-tailed noise (Student t, 2 degrees of freedom)") {
  check_coverage("student t2 5%", {noise_kind::student_t2, 0.05, 0}, 4);
}

TEST_CASE("capacity search coverage: a fifth of the probes disturbed and flagged") {
  check_coverage("normal 5%, 20% disturbed", {noise_kind::normal, 0.05, 0.2}, 5);
}
