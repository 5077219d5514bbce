#include <doctest/doctest.h>

#include <random>
#include <set>

#include "client_script.hpp"

using namespace game;

namespace {

/// Seals as counter (8 bytes) || plaintext || a checksum byte: enough for a
/// model server to tell forged, duplicate and too old packets apart.
sealer counting_sealer(std::uint64_t& counter) {
  return [&counter](bytes_view text) -> actorbench::crypto::result<bytes> {
    bytes out;
    const std::uint64_t c = counter++;
    for (int shift = 56; shift >= 0; shift -= 8)
      out.push_back(static_cast<std::uint8_t>(c >> shift));
    out.insert(out.end(), text.data, text.data + text.size);
    std::uint8_t sum = 0;
    for (auto b : out)
      sum = static_cast<std::uint8_t>(sum * 31 + b);
    out.push_back(sum);
    return out;
  };
}

/// What a server with a replay window of `window` packets answers.
class model_server {
 public:
  explicit model_server(std::uint64_t window) : window_(window) {}

  verdict judge(const bytes& p) {
    if (p.size() < 10)
      return verdict::malformed;
    std::uint8_t sum = 0;
    for (std::size_t i = 0; i + 1 < p.size(); ++i)
      sum = static_cast<std::uint8_t>(sum * 31 + p[i]);
    if (sum != p.back())
      return verdict::forged;
    std::uint64_t c = 0;
    for (int i = 0; i < 8; ++i)
      c = (c << 8) | p[static_cast<std::size_t>(i)];
    if (top_ && c + window_ <= *top_)
      return verdict::too_old;
    if (!seen_.insert(c).second)
      return verdict::duplicate;
    top_ = std::max(top_.value_or(c), c);
    return verdict::accepted;
  }

 private:
  std::uint64_t window_;
  std::optional<std::uint64_t> top_;
  std::set<std::uint64_t> seen_;
};

/// Runs `kind` for `packets` packets losing a share `loss` of them; checks
/// every expectation against the model and returns how often each verdict came.
std::array<std::size_t, verdict_count> run(client_kind kind, int packets, double loss,
                                           std::uint64_t window) {
  std::uint64_t counter = 0;
  client_script script{kind, counting_sealer(counter), 5};
  model_server server{window};
  std::mt19937_64 rng{7};
  std::bernoulli_distribution lost{loss};
  std::array<std::size_t, verdict_count> seen{};
  for (int i = 0; i < packets; ++i) {
    auto p = script.next();
    REQUIRE(p);
    if (lost(rng))
      continue;
    script.sent(*p);
    auto v = server.judge(p->packet);
    CAPTURE(i);
    CHECK(to_string(v) == to_string(p->expected));
    ++seen[static_cast<std::size_t>(v)];
  }
  return seen;
}

std::size_t count(const std::array<std::size_t, verdict_count>& xs, verdict v) {
  return xs[static_cast<std::size_t>(v)];
}

} // namespace

TEST_CASE("each client class expects what a server with a replay window answers, with loss too") {
  for (double loss : {0.0, 0.2}) {
    CAPTURE(loss);
    // The narrowest window the issue allows, and a wide one.
    for (std::uint64_t window : {2048u, 4096u}) {
      auto good = run(client_kind::good, 200, loss, window);
      CHECK(count(good, verdict::accepted) > 100);
      auto tampered = run(client_kind::tampered, 200, loss, window);
      CHECK(count(tampered, verdict::forged) > 100);
      auto malformed = run(client_kind::malformed, 50, loss, window);
      CHECK(count(malformed, verdict::malformed) > 20);
      auto replay = run(client_kind::replay, 200, loss, window);
      CHECK(count(replay, verdict::duplicate) > 50);
      CHECK(count(replay, verdict::accepted) > 50);
      auto reorder = run(client_kind::reorder, 200, loss, window);
      CHECK(count(reorder, verdict::duplicate) > 20);
      CHECK(count(reorder, verdict::accepted) > 100);
      auto stale = run(client_kind::stale, 200, loss, window);
      CHECK(count(stale, verdict::too_old) > 30);
    }
  }
}

TEST_CASE("the model would catch a wrong expectation: a window wider than the stale gap") {
  // Held-back packets inside the window are accepted, not too old: the
  // expectations then disagree, which is what the generator reports.
  std::uint64_t counter = 0;
  client_script script{client_kind::stale, counting_sealer(counter), 5};
  model_server server{client_script::stale_gap * 4};
  int disagreements = 0;
  for (int i = 0; i < 20; ++i) {
    auto p = script.next();
    REQUIRE(p);
    script.sent(*p);
    if (server.judge(p->packet) != p->expected)
      ++disagreements;
  }
  CHECK(disagreements > 0);
}

TEST_CASE("names of kinds and verdicts are distinct") {
  std::set<std::string_view> names;
  for (auto k : all_kinds)
    names.insert(to_string(k));
  CHECK(names.size() == kind_count);
  CHECK(to_string(verdict_of(rejection_reason::too_old)) == "too_old");
  CHECK(to_string(verdict_of(rejection_reason::duplicate)) == "duplicate");
}
