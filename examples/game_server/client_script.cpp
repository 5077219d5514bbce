#include "client_script.hpp"

#include <array>

namespace game {

namespace {

/// Plaintext bytes of one game message.
constexpr std::size_t message_size = 32;
/// Packets the stale class holds back before its gap.
constexpr std::size_t stale_stock = 64;
/// A reorder batch is sent in this order, then one of it again.
constexpr std::array<std::size_t, 4> reorder_order{2, 0, 3, 1};

} // namespace

std::string_view to_string(client_kind kind) noexcept {
  switch (kind) {
    case client_kind::good:
      return "good";
    case client_kind::tampered:
      return "tampered";
    case client_kind::malformed:
      return "malformed";
    case client_kind::garbage:
      return "garbage";
    case client_kind::replay:
      return "replay";
    case client_kind::reorder:
      return "reorder";
    case client_kind::stale:
      return "stale";
    case client_kind::mitm:
      return "mitm";
  }
  return "unknown";
}

verdict verdict_of(rejection_reason reason) noexcept {
  switch (reason) {
    case rejection_reason::malformed:
      return verdict::malformed;
    case rejection_reason::forged:
      return verdict::forged;
    case rejection_reason::duplicate:
      return verdict::duplicate;
    case rejection_reason::too_old:
      return verdict::too_old;
  }
  return verdict::malformed;
}

std::string_view to_string(verdict v) noexcept {
  switch (v) {
    case verdict::accepted:
      return "accepted";
    case verdict::malformed:
      return "malformed";
    case verdict::forged:
      return "forged";
    case verdict::duplicate:
      return "duplicate";
    case verdict::too_old:
      return "too_old";
  }
  return "unknown";
}

client_script::client_script(client_kind kind, sealer seal, std::size_t malformed_size)
  : kind_(kind), seal_(std::move(seal)), malformed_size_(malformed_size) {}

actorbench::crypto::result<planned_packet> client_script::fresh(verdict expected) {
  std::array<std::uint8_t, message_size> text{};
  for (std::size_t i = 0; i < text.size(); ++i)
    text[i] = static_cast<std::uint8_t>(count_ + i);
  auto sealed = seal_({text.data(), text.size()});
  if (!sealed)
    return sealed.err();
  return planned_packet{std::move(*sealed), expected, true};
}

actorbench::crypto::result<planned_packet> client_script::next() {
  const std::uint64_t n = count_;
  switch (kind_) {
    case client_kind::good:
    case client_kind::garbage:
    case client_kind::mitm:
      break;
    case client_kind::tampered: {
      auto p = fresh(verdict::forged);
      if (p) {
        // Past the header, so that it keeps its name's epoch and counter (its
        // verdict echoes its end as sent).
        const auto body = p->packet.size() - packet_header_size;
        p->packet[packet_header_size + n % body] ^= 0x01;
        p->fresh = false; // never accepted, so never copied
      }
      ++count_;
      return p;
    }
    case client_kind::malformed: {
      ++count_;
      // A header naming it (counters far from the channel's own), then too
      // few bytes: the end of a sealed empty message (its tag's end), which
      // no one else can guess, as its verdict's echo of it must not be.
      auto filler = seal_({});
      if (!filler)
        return filler.err();
      bytes p(malformed_size_, 0);
      for (std::size_t i = 1; i <= p.size() && i <= filler->size(); ++i)
        p[p.size() - i] = (*filler)[filler->size() - i];
      const std::uint64_t counter = (std::uint64_t{1} << 63) | n;
      if (p.size() >= packet_header_size) {
        p[0] = 0;
        for (std::size_t i = 0; i < 8; ++i)
          p[1 + i] = static_cast<std::uint8_t>(counter >> (56 - 8 * i));
      }
      return planned_packet{std::move(p), verdict::malformed, false};
    }
    case client_kind::replay:
      if (n % 2 == 1)
        if (auto copy = copy_of_sent()) {
          ++count_;
          return *copy;
        }
      break;
    case client_kind::reorder:
      return next_reorder();
    case client_kind::stale:
      return next_stale();
  }
  ++count_;
  return fresh(verdict::accepted);
}

std::optional<planned_packet> client_script::copy_of_sent() {
  if (!last_fresh_)
    return std::nullopt;
  return planned_packet{*last_fresh_, verdict::duplicate, false};
}

actorbench::crypto::result<planned_packet> client_script::next_reorder() {
  // Each cycle of five: a batch of four out of order, then a copy of one of them.
  const auto phase = count_ % 5;
  ++count_;
  if (phase == 4)
    if (auto copy = copy_of_sent())
      return *copy;
  if (held_.empty()) {
    std::array<bytes, 4> batch;
    for (auto& p : batch) {
      auto sealed = fresh(verdict::accepted);
      if (!sealed)
        return sealed.err();
      p = std::move(sealed->packet);
    }
    for (auto i : reorder_order)
      held_.push_back(std::move(batch[i]));
  }
  planned_packet p{std::move(held_.front()), verdict::accepted, true};
  held_.pop_front();
  return p;
}

actorbench::crypto::result<planned_packet> client_script::next_stale() {
  if (!primed_) {
    // Seal the stock, then far newer packets, only the last of which is sent.
    primed_ = true;
    for (std::size_t i = 0; i < stale_stock + stale_gap; ++i) {
      auto p = fresh(verdict::accepted);
      if (!p)
        return p.err();
      if (i < stale_stock)
        held_.push_back(std::move(p->packet));
    }
  }
  ++count_;
  // Every other packet a held-back one, once newer ones reached the server
  // (several: the network may deliver a held-back one before the last few).
  if (newer_sent_ >= stale_lead && count_ % 2 == 0 && !held_.empty()) {
    planned_packet p{std::move(held_.front()), verdict::too_old, false};
    held_.pop_front();
    return p;
  }
  return fresh(verdict::accepted);
}

void client_script::sent(const planned_packet& p) {
  if (!p.fresh)
    return;
  last_fresh_ = p.packet;
  if (primed_)
    ++newer_sent_;
}

} // namespace game
