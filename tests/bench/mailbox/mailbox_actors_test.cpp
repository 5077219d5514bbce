#include <doctest/doctest.h>

#include "actors/runtime/runtime.hpp"
#include "bench/scenarios/mailbox/mailbox.hpp"
#include "crypto/registry.hpp"

namespace actorbench::actors {

namespace {

std::shared_ptr<seal_keys> aes_keys() {
  auto b = actorbench::crypto::registry::instance().find("openssl");
  REQUIRE(b);
  const auto* info = (*b)->find_cipher("aes-128-gcm");
  REQUIRE(info != nullptr);
  auto keys = seal_keys::make(**b, *info, 64);
  REQUIRE(keys);
  return *keys;
}

// A receiver and a flow control window (0: none; 8: credit every 4 messages).
struct variant {
  mailbox_dispatch dispatch;
  std::size_t window;
};

mailbox_params small_mailbox(variant v, suite_fault fault = suite_fault::none) {
  mailbox_params p;
  p.senders = 5;
  p.messages = 300;
  p.burst = 16;
  p.dispatch = v.dispatch;
  p.window = v.window;
  p.timeout = std::chrono::milliseconds{10'000};
  p.fault = fault;
  return p;
}

struct mailbox_outcome {
  mailbox_sample sample;
  seal_totals totals;
};

// One run on a fresh system (gone before the keys' totals are read, as in
// the suite: the actors' openers report as they are destroyed).
mailbox_outcome run_mailbox(const seal_keys& keys, const mailbox_params& p, std::size_t threads) {
  result<mailbox_sample> r = error{errc::timeout, "not run"};
  {
    runtime rt{{threads, "stealing", {}, true}};
    r = run_mailbox(rt.system(), keys, p);
  }
  REQUIRE_MESSAGE(r, (r ? "" : r.err().detail));
  return {*r, keys.totals()};
}

const variant both[] = {{mailbox_dispatch::lean, 0},
                        {mailbox_dispatch::behavior, 0},
                        {mailbox_dispatch::lean, 8},
                        {mailbox_dispatch::behavior, 8}};

} // namespace

TEST_CASE("mailbox: every message arrives in order, crypto off and on") {
  for (auto dispatch : both) {
    CAPTURE(dispatch.window);
    for (std::size_t threads : {1, 2}) {
      CAPTURE(threads);
      seal_keys off;
      auto a = run_mailbox(off, small_mailbox(dispatch), threads);
      CHECK(a.sample.received == 1500);
      CHECK(a.sample.mismatches == 0);
      CHECK(a.totals.replayed == 0);
      CHECK(a.sample.elapsed_s > 0);
    }
    auto keys = aes_keys();
    auto b = run_mailbox(*keys, small_mailbox(dispatch), 2);
    CHECK(b.sample.mismatches == 0);
    CHECK(b.totals.forged + b.totals.replayed == 0);
    CHECK(b.totals.opens == 1500);
    CHECK(b.totals.seals == 1500);
  }
}

TEST_CASE("mailbox: a burst as large as the run sends everything in one turn") {
  seal_keys off;
  auto p = small_mailbox({mailbox_dispatch::lean, 0});
  p.burst = p.messages;
  auto a = run_mailbox(off, p, 1);
  CHECK(a.sample.received == 1500);
  CHECK(a.sample.mismatches == 0);
}

// What one fault must show with crypto on and off: forged, replayed and
// whether the receiver's own check counts it.
struct fault_case {
  suite_fault fault;
  std::uint64_t forged_on, replayed_on, replayed_off;
  bool mismatch_on;
};

// forge: on, a bad tag; off, the counter moved back (a replay, out of
// order). replay: the duplicate is a replay and out of order, and the S*M-th
// message leaves one genuine one uncounted. miscount: a skipped number is
// out of order but no forgery.
const fault_case fault_cases[] = {{suite_fault::forge, 1, 0, 1, false},
                                  {suite_fault::replay, 0, 1, 1, true},
                                  {suite_fault::miscount, 0, 0, 0, true}};

TEST_CASE("mailbox: a forged, replayed or skipped message is caught, and the run still ends") {
  for (const auto& fc : fault_cases) {
    for (auto dispatch : both) {
      CAPTURE(dispatch.window);
      for (std::size_t threads : {1, 2}) {
        CAPTURE(static_cast<int>(fc.fault));
        CAPTURE(threads);
        auto keys = aes_keys();
        auto on = run_mailbox(*keys, small_mailbox(dispatch, fc.fault), threads);
        CHECK(on.totals.forged == fc.forged_on);
        CHECK(on.totals.replayed == fc.replayed_on);
        CHECK((on.sample.mismatches > 0) == fc.mismatch_on);
        seal_keys off;
        auto o = run_mailbox(off, small_mailbox(dispatch, fc.fault), threads);
        CHECK(o.totals.replayed == fc.replayed_off);
        CHECK(o.sample.mismatches > 0);
      }
    }
  }
}

TEST_CASE("mailbox: a run that cannot finish in time is a timeout error, not a hang") {
  seal_keys off;
  mailbox_params p;
  p.senders = 4;
  p.messages = 50'000'000; // far more than 1 ms allows
  p.timeout = std::chrono::milliseconds{1};
  result<mailbox_sample> r = error{errc::bad_parameter, "not run"};
  {
    runtime rt{{2, "stealing", {}, true}};
    r = run_mailbox(rt.system(), off, p);
  } // the killed senders stop at their next turn: the system shuts down
  REQUIRE_FALSE(r);
  CHECK(r.err().code == errc::timeout);
  CHECK(r.err().detail.find("of 200000000 messages") != std::string::npos);
}

TEST_CASE("mailbox: no senders or no messages is a bad parameter") {
  seal_keys off;
  runtime rt{{1, "stealing", {}, true}};
  auto p = small_mailbox({mailbox_dispatch::lean, 0});
  p.senders = 0;
  auto r = run_mailbox(rt.system(), off, p);
  REQUIRE_FALSE(r);
  CHECK(r.err().code == errc::bad_parameter);
}

TEST_CASE("mailbox: a queued message's estimate covers CAF's element and the sealed bytes") {
  auto off = mailbox_bytes_per_message(0);
  CHECK(off >= 64);
  CHECK(mailbox_bytes_per_message(80) >= off + 80);
}

} // namespace actorbench::actors
