#pragma once
// Internal to the crypto library: a back-end's ciphers with what it keeps
// for each (a library's algorithm handle, a context factory), so that the
// back-ends hold one list instead of parallel ones indexed by hand.

#include <cstddef>
#include <utility>
#include <vector>

#include "crypto/cipher_info.hpp"

namespace actorbench::crypto::detail {

template <class Entry>
class cipher_table {
 public:
  /// Appends a cipher; only while the back-end is being built, as infos()
  /// hands out references into the list.
  void add(cipher_info info, Entry entry) {
    infos_.push_back(std::move(info));
    entries_.push_back(std::move(entry));
  }

  /// The descriptions, for backend::ciphers().
  const std::vector<cipher_info>& infos() const noexcept { return infos_; }

  /// What was added with `info`, which must be one of infos()' elements
  /// (as check_context_args and check_once_args return).
  const Entry& entry(const cipher_info& info) const {
    return entries_[static_cast<std::size_t>(&info - infos_.data())];
  }

 private:
  std::vector<cipher_info> infos_;
  std::vector<Entry> entries_;
};

} // namespace actorbench::crypto::detail
