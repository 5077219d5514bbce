#include "actors/fanout/collector.hpp"

#include <cstring>
#include <vector>

#include <caf/event_based_actor.hpp>

#include "actors/fanout/reply.hpp"
#include "actors/remote/remote_messages.hpp"

namespace actorbench::actors {

namespace {

class collector_actor : public caf::event_based_actor {
 public:
  collector_actor(caf::actor_config& cfg, std::vector<reply_source> sources, std::string plaintext,
                  std::shared_ptr<collector_outcome> outcome)
    : caf::event_based_actor(cfg),
      sources_(std::move(sources)),
      plaintext_(std::move(plaintext)),
      outcome_(std::move(outcome)) {
    for (const auto& s : sources_) {
      expected_ += s.expected;
      report_.sources.push_back({s.name, 0, {}});
    }
    seen_.assign(expected_, false);
  }

  caf::behavior make_behavior() override {
    for (const auto& s : sources_)
      if (s.origin)
        monitor(s.origin);
    set_down_handler([this](caf::down_msg& down) { on_down(down); });
    return {
      // Single replies (this node's senders) are taken by consume() below.
      [this](const reply_batch& b) {
        for (const auto& r : b.replies)
          if (!done_)
            on_reply(r, b.source);
        if (b.source < sources_.size())
          outcome_->node_replies[b.source].store(report_.sources[b.source].replies,
                                                 std::memory_order_relaxed);
      },
      [this](const node_failure& f) {
        fail("node " + source_name(f.source) + " cannot run its share: " + f.detail);
      },
    };
  }

  // A fast path for the one message that arrives N times: CAF's generic
  // dispatch (matching against the behavior, response bookkeeping) costs about
  // 400 instructions more per reply. Everything else goes the usual way.
  caf::invoke_message_result consume(caf::mailbox_element& x) override {
    auto& content = x.content();
    if (content.match_elements<reply>()) {
      on_reply(content.get_as<reply>(0), 0);
      return caf::invoke_message_result::consumed;
    }
    return caf::event_based_actor::consume(x);
  }

 private:
  void on_reply(const reply& r, std::uint32_t source) {
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
    if (source < sources_.size()) {
      auto& tally = report_.sources[source];
      if (++tally.replies == sources_[source].expected)
        tally.done_at = std::chrono::steady_clock::now();
    }
    outcome_->received.store(report_.replies, std::memory_order_relaxed);
    if (report_.replies == expected_)
      finish();
  }

  void on_down(const caf::down_msg& down) {
    for (std::size_t i = 0; i < sources_.size(); ++i)
      if (sources_[i].origin && sources_[i].origin.address() == down.source
          && report_.sources[i].replies < sources_[i].expected)
        return fail("node " + sources_[i].name + " went down (" + to_string(down.reason) + ") with "
                    + std::to_string(report_.sources[i].replies) + " of its "
                    + std::to_string(sources_[i].expected) + " replies in");
  }

  std::string source_name(std::uint32_t source) const {
    return source < sources_.size() ? sources_[source].name : "#" + std::to_string(source);
  }

  void fail(std::string detail) {
    if (done_)
      return;
    done_ = true;
    outcome_->report.set_value(error{errc::node_failure, std::move(detail)});
    quit();
  }

  void finish() {
    done_ = true;
    report_.done_at = std::chrono::steady_clock::now();
    std::size_t distinct = 0;
    for (bool s : seen_)
      distinct += s ? 1 : 0;
    report_.missing_ids = expected_ - distinct;
    outcome_->report.set_value(report_);
    quit();
  }

  std::vector<reply_source> sources_;
  std::size_t expected_ = 0;
  std::string plaintext_;
  std::shared_ptr<collector_outcome> outcome_;
  std::vector<bool> seen_;
  collector_report report_;
  bool done_ = false;
};

} // namespace

caf::actor spawn_collector(caf::actor_system& system, std::vector<reply_source> sources,
                           std::string plaintext, std::shared_ptr<collector_outcome> outcome) {
  outcome->node_replies = std::vector<std::atomic<std::size_t>>(sources.size());
  return system.spawn<collector_actor>(std::move(sources), std::move(plaintext),
                                       std::move(outcome));
}

} // namespace actorbench::actors
