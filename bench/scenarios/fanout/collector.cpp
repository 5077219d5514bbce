#include "bench/scenarios/fanout/collector.hpp"

#include <cstring>
#include <vector>

#include <caf/event_based_actor.hpp>

#include "bench/scenarios/fanout/reply.hpp"
#include "actors/remote/peer_text.hpp"
#include "bench/scenarios/fanout/fanout_messages.hpp"

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
    for (auto& s : sources_) {
      expected_ += s.expected;
      report_.sources.push_back({s.name, 0, {}});
      if (s.plaintext.empty())
        s.plaintext = plaintext_;
      if (s.expected == 0)
        ++complete_;
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
      // The batch's own label (b.source) is the node's word, so it is not
      // used: the sender's node says which connection the batch came from.
      [this](const reply_batch& b) {
        auto from = sender_node();
        for (const auto& r : b.replies)
          if (!done_)
            on_remote_reply(r, from);
        for (std::size_t i = 1; i < sources_.size(); ++i)
          outcome_->node_replies[i].store(report_.sources[i].replies, std::memory_order_relaxed);
      },
      [this](const node_failure& f) {
        fail(peer_name(sender_node()) + " cannot run its share: " + peer_text(f.detail));
      },
    };
  }

  // A fast path for the one message that arrives N times: CAF's generic
  // dispatch (matching against the behavior, response bookkeeping) costs about
  // 400 instructions more per reply. Everything else goes the usual way.
  caf::invoke_message_result consume(caf::mailbox_element& x) override {
    auto& content = x.content();
    if (content.match_elements<reply>()) {
      on_local_reply(content.get_as<reply>(0));
      return caf::invoke_message_result::consumed;
    }
    return caf::event_based_actor::consume(x);
  }

 private:
  // This node's senders, ids [0, sources_[0].expected). They are trusted to
  // be who they are, but a reply can also come from any peer that learnt
  // this collector's handle, anonymously: an id outside that range or seen
  // before counts as a duplicate (failing the run's checks) and never
  // completes the share.
  void on_local_reply(const reply& r) {
    ++report_.replies;
    outcome_->received.store(report_.replies, std::memory_order_relaxed);
    if (r.id >= sources_[0].expected || seen_[r.id]) {
      ++report_.duplicate_ids;
      return;
    }
    seen_[r.id] = true;
    if (!r.ok)
      ++report_.failed_decrypts;
    else if (!same_text(r, sources_[0].plaintext))
      ++report_.wrong_plaintext;
    count_in(0);
  }

  // A reply relayed by the worker node `from`: it must fall in the share of
  // a source on that node, once, with that share's plaintext.
  void on_remote_reply(const reply& r, const caf::node_id& from) {
    std::size_t source = 0;
    for (std::size_t i = 1; i < sources_.size() && source == 0; ++i)
      if (on_node(i, from) && r.id >= sources_[i].first
          && r.id - sources_[i].first < sources_[i].expected)
        source = i;
    if (source == 0)
      return fail(peer_name(from) + " sent a reply for id " + std::to_string(r.id)
                  + ", outside its share" + share_text(from));
    if (seen_[r.id])
      return fail(peer_name(from) + " sent the reply for id " + std::to_string(r.id) + " twice");
    seen_[r.id] = true;
    ++report_.replies;
    outcome_->received.store(report_.replies, std::memory_order_relaxed);
    if (!r.ok)
      ++report_.failed_decrypts;
    else if (!same_text(r, sources_[source].plaintext))
      return fail(peer_name(from) + " returned a plaintext for id " + std::to_string(r.id)
                  + " that is not the decryption of the ciphertext it was sent");
    count_in(source);
  }

  static bool same_text(const reply& r, const std::string& text) {
    return r.size == text.size() && std::memcmp(r.text.data(), text.data(), r.size) == 0;
  }

  // One more of `source`'s share in; the run ends when every share is.
  void count_in(std::size_t source) {
    auto& tally = report_.sources[source];
    if (++tally.replies == sources_[source].expected) {
      tally.done_at = std::chrono::steady_clock::now();
      if (++complete_ == sources_.size())
        finish();
    }
  }

  bool on_node(std::size_t source, const caf::node_id& node) const {
    return sources_[source].origin && static_cast<bool>(node)
           && sources_[source].origin.node() == node;
  }

  // The node the message being handled came from; none when it was sent
  // anonymously.
  caf::node_id sender_node() {
    const auto& sender = current_sender();
    return sender ? sender->node() : caf::node_id{};
  }

  // "node 127.0.0.1:4242" for a worker node of this run, else what it is.
  std::string peer_name(const caf::node_id& node) const {
    for (std::size_t i = 1; i < sources_.size(); ++i)
      if (on_node(i, node))
        return "node " + sources_[i].name;
    return node ? "a peer that is no node of this run" : "an anonymous peer";
  }

  // " 1000..1999" (and more for a node given twice), or "" for a stranger.
  std::string share_text(const caf::node_id& node) const {
    std::string out;
    for (std::size_t i = 1; i < sources_.size(); ++i)
      if (on_node(i, node))
        out += (out.empty() ? " " : ", ") + std::to_string(sources_[i].first) + ".."
               + std::to_string(sources_[i].first + sources_[i].expected - 1);
    return out;
  }

  void on_down(const caf::down_msg& down) {
    for (std::size_t i = 0; i < sources_.size(); ++i)
      if (sources_[i].origin && sources_[i].origin.address() == down.source
          && report_.sources[i].replies < sources_[i].expected)
        return fail("node " + sources_[i].name + " went down (" + to_string(down.reason) + ") with "
                    + std::to_string(report_.sources[i].replies) + " of its "
                    + std::to_string(sources_[i].expected) + " replies in");
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
  /// Sources whose whole share is in.
  std::size_t complete_ = 0;
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
