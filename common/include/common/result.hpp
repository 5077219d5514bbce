#pragma once

#include <optional>
#include <utility>
#include <variant>

namespace actorbench {

/// Either a value or an error; library code returns this instead of throwing.
/// Each layer names its own error type (crypto::error, actors::error,
/// bench::error) and aliases this template with it.
template <class T, class E>
class result {
 public:
  result(T value) : state_(std::move(value)) {}
  result(E err) : state_(std::move(err)) {}

  explicit operator bool() const noexcept { return state_.index() == 0; }
  T& operator*() { return std::get<0>(state_); }
  const T& operator*() const { return std::get<0>(state_); }
  T* operator->() { return &std::get<0>(state_); }
  const T* operator->() const { return &std::get<0>(state_); }
  const E& err() const { return std::get<1>(state_); }

 private:
  std::variant<T, E> state_;
};

/// Success with nothing to return, or an error: `return {};` succeeds.
template <class E>
class result<void, E> {
 public:
  result() = default;
  result(E err) : error_(std::move(err)) {}

  explicit operator bool() const noexcept { return !error_.has_value(); }
  const E& err() const { return *error_; }

 private:
  std::optional<E> error_;
};

} // namespace actorbench
