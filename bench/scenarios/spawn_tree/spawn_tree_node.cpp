#include "bench/scenarios/spawn_tree/spawn_tree_node.hpp"

#include <algorithm>
#include <array>
#include <utility>

#include <caf/event_based_actor.hpp>
#include <caf/meta/type_name.hpp>
#include <caf/scheduled_actor.hpp>

#include "actors/runtime/unlogged_actor.hpp"

namespace actorbench::actors {

namespace {

// One actor's answer to its parent: its subtree's sum and actor count, beside
// the sealed payload that proves who sent it (sender = tree index).
struct tree_answer {
  std::uint64_t sum = 0;
  std::uint64_t actors = 0;
  sealed_payload payload;
};

template <class Inspector>
typename Inspector::result_type inspect(Inspector& f, tree_answer& x) {
  return f(caf::meta::type_name("actorbench.tree_answer"), x.sum, x.actors, x.payload.sender,
           x.payload.counter, x.payload.bytes);
}

// What the fault of a test does to the one answer it picks; returns how many
// times the answer is sent.
int apply_fault(const tree_job& job, tree_answer& a) {
  switch (job.fault) {
    case suite_fault::none:
      break;
    case suite_fault::forge:
      // With crypto off there is nothing to authenticate the answer (and a
      // first counter cannot be moved back), so the number is what changes.
      if (job.keys->on())
        forge(a.payload);
      else
        a.sum += 1;
      break;
    case suite_fault::replay:
      return 2;
    case suite_fault::miscount:
      a.sum += 1;
      break;
  }
  return 1;
}

// Seals the answer of tree index `index`.
tree_answer seal_answer(tree_job& job, std::uint32_t index, std::uint64_t sum,
                        std::uint64_t actors) {
  message_sealer sealer{job.sealing_keys, index};
  tree_answer a;
  a.sum = sum;
  a.actors = actors;
  if (auto sealed = sealer.seal()) {
    a.payload = std::move(*sealed);
  } else {
    job.seal_failures.fetch_add(1, std::memory_order_relaxed);
    a.payload.sender = index;
  }
  return a;
}

// Sends the answer of tree index `index`, with the test's fault applied.
// Anonymously (a sender reference would keep this actor's memory alive until
// its parent reads the answer) and through this worker (`ctx`), so the
// waiting parent is scheduled next on it, in front of the other jobs,
// instead of round-robin.
void deliver_answer(tree_job& job, caf::execution_unit* ctx, const caf::actor& parent,
                    std::uint32_t index, tree_answer a) {
  int copies = index == job.fault_index ? apply_fault(job, a) : 1;
  if (copies == 2)
    parent->eq_impl(caf::make_message_id(), nullptr, ctx, a);
  parent->eq_impl(caf::make_message_id(), nullptr, ctx, std::move(a));
}

// Seals and sends: an inner actor's answer, once it has heard from all.
void send_answer(tree_job& job, caf::execution_unit* ctx, const caf::actor& parent,
                 std::uint32_t index, std::uint64_t sum, std::uint64_t actors) {
  deliver_answer(job, ctx, parent, index, seal_answer(job, index, sum, actors));
}

// A leaf: answers its number and terminates. It never receives a message,
// so it derives from scheduled_actor (no behavior to build, a shallower
// class), as the fan-out's senders do. It seals its answer as it is made:
// its constructor runs in the parent's loop spawning its siblings, so their
// B seals run close together, with less of CAF's code between them than a
// leaf's whole start-up and teardown (which evicted OpenSSL's code from the
// L1 instruction cache between seals; bench/NOTEBOOK.md: spawn_tree).
class leaf_actor : public unlogged_actor<caf::scheduled_actor> {
 public:
  using signatures = caf::none_t;
  using behavior_type = caf::behavior;

  leaf_actor(caf::actor_config& cfg, tree_job* job, caf::actor parent, std::uint32_t index,
             std::uint64_t number)
    : unlogged_actor<caf::scheduled_actor>(cfg),
      job_(job),
      parent_(std::move(parent)),
      index_(index),
      answer_(seal_answer(*job, index, number, 1)) {
    job_->live.spawned();
  }

  ~leaf_actor() override { job_->live.finished(); }

  void initialize() override {
    caf::scheduled_actor::initialize();
    setf(is_initialized_flag);
    deliver_answer(*job_, context(), parent_, index_, std::move(answer_));
    parent_ = nullptr;
  }

 private:
  tree_job* job_;
  caf::actor parent_;
  std::uint32_t index_;
  tree_answer answer_;
};

// Children an inner actor has spawned and not yet heard from, at most. CAF
// 0.17.6's work-stealing queue is a singly-linked list whose take_tail()
// walks it from the head: with the million children of B=1000000 D=1 queued
// at once, every steal walked them all (over 60 s for the tree). With a
// window the queues stay short; the trees of B <= 256 are spawned at once.
constexpr std::uint32_t children_window = 256;

// Children whose replay windows an inner actor keeps in a flat vector (8
// bytes each, allocated as it is spawned); those of wider trees go to the
// opener's hash map, as they come.
constexpr std::uint32_t dense_children = 1024;

// Answers an inner actor keeps before opening them. Opening them together,
// when the last child's arrives (or this many are waiting), runs B opens
// back to back: between two answers CAF spawns and starts the next child,
// whose code evicts OpenSSL's from the L1 instruction cache (bench/NOTEBOOK.md,
// spawn_tree), so interleaved opens each started cold. 16 covers the default
// B = 10; wider trees open in runs of 16.
constexpr std::uint32_t open_batch = 16;

// An inner actor of height h >= 1: spawns its B children (leaves when h is
// 1), opens and sums their answers, and answers its parent.
class inner_actor : public unlogged_actor<caf::event_based_actor> {
 public:
  inner_actor(caf::actor_config& cfg, tree_job* job, caf::actor parent, std::uint32_t index,
              std::uint32_t height, std::uint64_t first_leaf)
    : unlogged_actor<caf::event_based_actor>(cfg),
      job_(job),
      parent_(std::move(parent)),
      index_(index),
      height_(height),
      first_leaf_(first_leaf),
      first_child_(first_child(*job, index)),
      opener_(job->keys, std::min(job->branching, dense_children), first_child_) {
    job_->live.spawned();
  }

  ~inner_actor() override { job_->live.finished(); }

  caf::behavior make_behavior() override {
    if (job_->stop.load(std::memory_order_relaxed)) {
      send_answer(*job_, context(), parent_, index_, 0, 0);
      return {};
    }
    spawn_children(children_window);
    return {[this](tree_answer& a) { on_answer(a); }};
  }

  // The one message an inner actor gets B times, taken without CAF's
  // generic dispatch (matching against the behavior, response bookkeeping).
  caf::invoke_message_result consume(caf::mailbox_element& x) override {
    auto& content = x.content();
    if (content.match_elements<tree_answer>()) {
      // Mutable, so the payload's bytes move into the batch (the message is
      // this actor's alone: copy-on-write would not copy).
      on_answer(content.get_mutable_as<tree_answer>(0));
      return caf::invoke_message_result::consumed;
    }
    return caf::event_based_actor::consume(x);
  }

 private:
  static std::uint32_t first_child(const tree_job& job, std::uint32_t index) {
    return static_cast<std::uint32_t>(std::uint64_t{index} * job.branching + 1);
  }

  // Spawns the next children, up to `n`. After a timeout the rest are not
  // spawned but counted as heard (with nothing), so the tree winds down.
  void spawn_children(std::uint32_t n) {
    if (job_->stop.load(std::memory_order_relaxed)) {
      heard_ += job_->branching - next_child_;
      next_child_ = job_->branching;
      return;
    }
    const auto width = job_->leaves_below[height_ - 1];
    for (auto end = std::min(job_->branching, next_child_ + n); next_child_ < end; ++next_child_) {
      auto first = first_leaf_ + next_child_ * width;
      auto index = first_child_ + next_child_;
      if (height_ == 1)
        spawn<leaf_actor, caf::hidden>(job_, caf::actor{this}, index, first);
      else
        spawn<inner_actor, caf::hidden>(job_, caf::actor{this}, index, height_ - 1, first);
    }
  }

  // Keeps a child's answer for the next batch of opens; strangers are
  // turned away at once, unopened.
  void on_answer(tree_answer& a) {
    if (a.payload.sender - first_child_ >= job_->branching) {
      job_->strangers.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    pending_[pending_count_++] = std::move(a);
    if (next_child_ < job_->branching)
      spawn_children(1);
    settle();
  }

  // Opens the batch when it is full or may hold the last answer, and
  // answers the parent once every child is heard from. A replayed copy
  // makes a batch open early; it is then dropped and the actor waits on.
  void settle() {
    if (pending_count_ < open_batch && heard_ + pending_count_ < job_->branching)
      return;
    open_pending();
    if (heard_ < job_->branching)
      return;
    send_answer(*job_, context(), parent_, index_, sum_, actors_ + 1);
    parent_ = nullptr;
    quit();
  }

  // Opens the kept answers in arrival order (a child's copies stay in order,
  // so replays are still caught); only a verified one's numbers are used.
  void open_pending() {
    for (std::uint32_t i = 0; i < pending_count_; ++i) {
      auto& a = pending_[i];
      auto verdict = opener_.open(a.payload);
      // A replay is a second copy of an answer already had: not an answer.
      if (verdict == open_verdict::replayed)
        continue;
      // A forged answer is one child's (its sender id opened the slot), but
      // nothing in it is to be trusted.
      if (verdict == open_verdict::ok) {
        sum_ += a.sum;
        actors_ += a.actors;
      }
      ++heard_;
    }
    pending_count_ = 0;
  }

  tree_job* job_;
  caf::actor parent_;
  std::uint32_t index_;
  std::uint32_t height_;
  std::uint64_t first_leaf_;
  std::uint32_t first_child_;
  message_opener opener_;
  std::uint32_t next_child_ = 0;
  std::uint32_t heard_ = 0;
  std::uint64_t sum_ = 0;
  std::uint64_t actors_ = 0;
  std::array<tree_answer, open_batch> pending_;
  std::uint32_t pending_count_ = 0;
};

// Receives the root's answer in place of a parent.
class sink_actor : public caf::event_based_actor {
 public:
  sink_actor(caf::actor_config& cfg, tree_job* job)
    : caf::event_based_actor(cfg), job_(job), opener_(job->keys, 1, 0) {}

  caf::behavior make_behavior() override {
    return {[this](const tree_answer& a) {
      auto& out = job_->outcome;
      out.rejected = a.payload.sender != 0 || opener_.open(a.payload) != open_verdict::ok;
      out.sum = a.sum;
      out.actors = a.actors;
      out.checked_at = std::chrono::steady_clock::now();
      job_->answered.count_down();
      quit();
    }};
  }

 private:
  tree_job* job_;
  message_opener opener_;
};

} // namespace

tree_job::tree_job(const seal_keys& k, std::uint32_t b, std::uint32_t depth, suite_fault f,
                   std::uint64_t fi)
  : keys(&k), sealing_keys(k.on() ? &k : nullptr), branching(b), fault(f), fault_index(fi) {
  leaves_below.push_back(1);
  for (std::uint32_t h = 1; h <= depth; ++h)
    leaves_below.push_back(leaves_below.back() * b);
}

caf::actor spawn_tree_sink(caf::actor_system& system, tree_job& job) {
  return system.spawn<sink_actor>(&job);
}

void spawn_tree_root(caf::actor_system& system, tree_job& job, const caf::actor& sink) {
  const auto depth = static_cast<std::uint32_t>(job.leaves_below.size() - 1);
  if (depth == 0)
    system.spawn<leaf_actor, caf::hidden>(&job, sink, 0u, std::uint64_t{0});
  else
    system.spawn<inner_actor, caf::hidden>(&job, sink, 0u, depth, std::uint64_t{0});
}

} // namespace actorbench::actors
