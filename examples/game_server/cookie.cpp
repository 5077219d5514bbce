#include "cookie.hpp"

#include <algorithm>

namespace game {

cookie_jar::cookie_jar(const actorbench::crypto::key_agreement& ka, bytes secret,
                       std::chrono::seconds slot)
  : ka_(&ka), secret_(std::move(secret)), slot_(slot) {}

std::int64_t cookie_jar::slot_of(clock::time_point now) const {
  return std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count()
         / slot_.count();
}

std::optional<cookie_jar::cookie> cookie_jar::make_in(bytes_view peer, std::int64_t slot) const {
  bytes data;
  data.reserve(8 + peer.size);
  for (int shift = 56; shift >= 0; shift -= 8)
    data.push_back(static_cast<std::uint8_t>(static_cast<std::uint64_t>(slot) >> shift));
  if (peer.size > 0)
    data.insert(data.end(), peer.data, peer.data + peer.size);
  auto mac = ka_->hmac({secret_.data(), secret_.size()}, {data.data(), data.size()});
  if (!mac)
    return std::nullopt;
  cookie out{};
  std::copy_n(mac->begin(), out.size(), out.begin());
  return out;
}

std::optional<cookie_jar::cookie> cookie_jar::make(bytes_view peer,
                                                  clock::time_point now) const {
  return make_in(peer, slot_of(now));
}

bool cookie_jar::check(bytes_view peer, bytes_view given, clock::time_point now) const {
  if (given.data == nullptr || given.size != cookie_size)
    return false;
  const auto slot = slot_of(now);
  bool ok = false;
  for (auto s : {slot, slot - 1}) {
    auto want = make_in(peer, s);
    if (!want)
      return false;
    std::uint8_t diff = 0;
    for (std::size_t i = 0; i < cookie_size; ++i)
      diff |= static_cast<std::uint8_t>((*want)[i] ^ given.data[i]);
    ok |= diff == 0;
  }
  return ok;
}

} // namespace game
