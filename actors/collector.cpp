#include "actors/collector.hpp"

#include <cstring>
#include <vector>

#include <caf/event_based_actor.hpp>

#include "actors/reply.hpp"

namespace actorbench::actors {

namespace {

class collector_actor : public caf::event_based_actor {
 public:
  collector_actor(caf::actor_config& cfg, std::size_t expected,
                  std::string plaintext,
                  std::shared_ptr<collector_outcome> outcome)
    : caf::event_based_actor(cfg),
      expected_(expected),
      plaintext_(std::move(plaintext)),
      outcome_(std::move(outcome)),
      seen_(expected, false) {
  }

  caf::behavior make_behavior() override {
    return {[this](const reply& r) { on_reply(r); }};
  }

  // A fast path for the one message that arrives N times: CAF's generic
  // dispatch (matching against the behavior, response bookkeeping) costs about
  // 400 instructions more per reply. Everything else goes the usual way.
  caf::invoke_message_result consume(caf::mailbox_element& x) override {
    auto& content = x.content();
    if (content.match_elements<reply>()) {
      on_reply(content.get_as<reply>(0));
      return caf::invoke_message_result::consumed;
    }
    return caf::event_based_actor::consume(x);
  }

 private:
  void on_reply(const reply& r) {
    ++report_.replies;
    if (r.id >= expected_ || seen_[r.id])
      ++report_.duplicate_ids;
    else
      seen_[r.id] = true;
    if (!r.ok)
      ++report_.failed_decrypts;
    else if (r.size != plaintext_.size()
             || std::memcmp(r.text.data(), plaintext_.data(), r.size) != 0)
      ++report_.wrong_plaintext;
    outcome_->received.store(report_.replies, std::memory_order_relaxed);
    if (report_.replies == expected_)
      finish();
  }

  void finish() {
    report_.done_at = std::chrono::steady_clock::now();
    std::size_t distinct = 0;
    for (bool s : seen_)
      distinct += s ? 1 : 0;
    report_.missing_ids = expected_ - distinct;
    outcome_->report.set_value(report_);
    quit();
  }

  std::size_t expected_;
  std::string plaintext_;
  std::shared_ptr<collector_outcome> outcome_;
  std::vector<bool> seen_;
  collector_report report_;
};

} // namespace

caf::actor spawn_collector(caf::actor_system& system, std::size_t expected,
                           std::string plaintext,
                           std::shared_ptr<collector_outcome> outcome) {
  return system.spawn<collector_actor>(expected, std::move(plaintext),
                                       std::move(outcome));
}

} // namespace actorbench::actors
