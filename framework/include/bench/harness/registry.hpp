#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "bench/error.hpp"
#include "bench/harness/scenario.hpp"

namespace actorbench::bench {

/// Scenarios by name, in the order they were added.
class registry {
 public:
  /// Refuses (bad_input) a duplicate name or a malformed declaration: an
  /// empty or non-kebab name, duplicate parameter names, no metric, not
  /// exactly one headline, a default outside its range or words.
  result<void> add(std::unique_ptr<scenario> s);
  const scenario* find(std::string_view name) const;
  std::vector<const scenario*> all() const;

 private:
  std::vector<std::unique_ptr<scenario>> scenarios_;
};

/// The registry `bench::main(argc, argv)` uses; users add their scenarios to it.
registry& default_registry();

} // namespace actorbench::bench
