#include "actors/remote/basp_payload_limit.hpp"

#include <atomic>
#include <mutex>
#include <utility>

#include "remote/interpose/basp_valid.hpp"
#include "remote/interpose/library_code_ranges.hpp"
#include "remote/socket_peer.hpp"

namespace actorbench::actors::basp_payload_limit {

namespace {

constexpr std::size_t kept = 16;

std::mutex mutex;
refusals pending; // guarded by mutex

} // namespace

std::atomic<std::uint32_t> detail::max_payload{default_limit};
std::atomic<bool> detail::wrapper_called{false};
std::atomic<bool> detail::linked{false};

bool enable() {
  return detail::linked.load() && caf_io_code().locate();
}

void detail::record(int fd, std::uint32_t declared, std::uint32_t lim) {
  refusal r{socket_peer(fd), declared, lim};
  std::lock_guard<std::mutex> guard{mutex};
  if (pending.first.size() < kept)
    pending.first.push_back(std::move(r));
  ++pending.count;
}

void set(std::uint32_t bytes) {
  caf_io_code().locate(); // for the recv wrapper's peer
  detail::max_payload.store(bytes);
}

std::uint32_t limit() {
  return detail::max_payload.load();
}

bool active() {
  return detail::wrapper_called.load();
}

std::string to_string(const refusal& r) {
  return "its BASP header declared a payload of " + std::to_string(r.declared)
         + " bytes, above the limit of " + std::to_string(r.limit) + " bytes";
}

refusals take() {
  std::lock_guard<std::mutex> guard{mutex};
  return std::exchange(pending, refusals{});
}

} // namespace actorbench::actors::basp_payload_limit
