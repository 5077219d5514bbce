#include "output/json_teardown.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <sys/mman.h>

#include <nlohmann/json.hpp>

namespace actorbench::bench {

namespace {

// Address space mapped and never touched: freed with munmap, it goes back to
// the kernel, where the allocator maps it again. (A malloc'ed block would
// stay with jemalloc, which may keep it for sizes it does not reuse it for.)
// Per thread, as memory runs out in one: the new_handler takes no argument.
thread_local void* held_block = nullptr;
thread_local std::size_t held_bytes = 0;

void free_held_block() {
  if (held_block != nullptr)
    ::munmap(held_block, held_bytes);
  held_block = nullptr;
}

// Frees the reserve and fails the allocation: what unwinds next (freeing the
// half-built document) allocates from the room just freed. With nothing
// held, it fails as if there were no handler.
void give_back_and_fail() {
  free_held_block();
  throw std::bad_alloc();
}

// An open array or object as the scan sees it.
struct open_container {
  std::size_t commas = 0;
  bool has_value = false;
  std::size_t deepest = 0; // the most any container inside it needs
};

} // namespace

std::size_t teardown_values(std::string_view json_text, std::size_t max_depth) {
  std::vector<open_container> open;
  std::size_t most = 0;
  bool in_string = false, escaped = false;
  for (char c : json_text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == ':')
      continue;
    if (c == ',') {
      if (!open.empty())
        ++open.back().commas;
      continue;
    }
    if (c == ']' || c == '}') {
      if (open.empty())
        continue; // not JSON: the parser says so
      auto closed = open.back();
      open.pop_back();
      // Its members are moved onto the vector at once; then, one at a time,
      // each inner container's.
      auto needs = closed.commas + (closed.has_value ? 1 : 0) + closed.deepest;
      auto& above = open.empty() ? most : open.back().deepest;
      above = std::max(above, needs);
      continue;
    }
    if (!open.empty())
      open.back().has_value = true;
    if (c == '[' || c == '{') {
      if (open.size() == max_depth)
        return SIZE_MAX;
      open.emplace_back();
    }
    in_string = c == '"';
  }
  return most;
}

teardown_reserve::teardown_reserve(std::size_t values) {
  // The vector's growth by doubling holds its old and new buffers at once:
  // three values' room per value, and a mebibyte for what else unwinding
  // allocates.
  constexpr std::size_t per_value = 3 * sizeof(nlohmann::json);
  constexpr std::size_t slack = std::size_t{1} << 20;
  if (values > (SIZE_MAX - slack) / per_value)
    return;
  held_bytes = values * per_value + slack;
  // PROT_NONE: it costs address space only, which is what `ulimit -v` limits.
  void* block = ::mmap(nullptr, held_bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                       -1, 0);
  if (block == MAP_FAILED)
    return;
  held_block = block;
  previous_ = std::set_new_handler(give_back_and_fail);
  installed_ = true;
}

teardown_reserve::~teardown_reserve() {
  release();
  if (installed_)
    std::set_new_handler(previous_);
}

bool teardown_reserve::held() const {
  return held_block != nullptr;
}

void teardown_reserve::release() {
  if (held_block != nullptr)
    free_held_block();
}

} // namespace actorbench::bench
