#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <future>
#include <memory>
#include <string>
#include <vector>

#include <caf/actor.hpp>
#include <caf/actor_system.hpp>

#include "actors/error.hpp"

namespace actorbench::actors {

/// Where a share of the replies comes from: this node's senders, or a worker
/// node's (in batches) whose spawner the collector watches.
struct reply_source {
  /// "local" or the node's HOST:PORT, for reports and errors.
  std::string name;
  std::size_t expected = 0;
  /// The worker node's spawner; when it goes down before its share is in,
  /// the run fails. Its node is the only one whose batches count for this
  /// source. Null for local senders.
  caf::actor origin;
  /// The share's ids: [first, first + expected). Local senders start at 0.
  std::size_t first = 0;
  /// What this share's senders must return; empty: the collector's plaintext.
  std::string plaintext;
};

/// Replies counted per source.
struct source_report {
  std::string name;
  std::size_t replies = 0;
  /// When the source's last expected reply was processed (unset if never).
  std::chrono::steady_clock::time_point done_at;
};

/// What the collector found once every expected reply arrived.
struct collector_report {
  std::size_t replies = 0;
  /// Replies whose plaintext differs from the expected one.
  std::size_t wrong_plaintext = 0;
  /// Replies whose sender could not decrypt (e.g. a rejected AEAD tag).
  std::size_t failed_decrypts = 0;
  /// Replies carrying an id already seen, or one outside [0, N).
  std::size_t duplicate_ids = 0;
  /// Ids in [0, N) that never replied.
  std::size_t missing_ids = 0;
  /// When the last reply was processed.
  std::chrono::steady_clock::time_point done_at;
  /// One entry per reply_source, in the order given.
  std::vector<source_report> sources;

  /// Every reply that was not exactly as expected, plus every missing one.
  std::size_t mismatches() const noexcept {
    return wrong_plaintext + failed_decrypts + duplicate_ids + missing_ids;
  }
};

/// Shared between a collector and whoever waits for it.
struct collector_outcome {
  /// Fulfilled once: the report when the expected number of replies
  /// arrived, or the error when a worker node failed or went down first.
  std::promise<result<collector_report>> report;
  /// Replies so far, readable while the run is in progress (for timeouts).
  std::atomic<std::size_t> received{0};
  /// Replies so far per reply_source, in the order given, updated once per
  /// batch: worker nodes only (the local count is `received` less theirs),
  /// so that a timeout can name the nodes whose shares are short.
  std::vector<std::atomic<std::size_t>> node_replies;
};

/// Spawns an event-based collector expecting one reply from each id in
/// [0, sum of the sources' expected) with `plaintext` (or the source's own):
/// single replies count for source 0 (this node's senders; any other id is
/// a duplicate), reply batches for the worker node whose origin lives on
/// the node (connection) the batch came from, whatever label it carries.
/// A worker node's reply outside its share, repeated, or with a plaintext
/// other than its source's ends the run with errc::node_failure naming
/// the node, as does a batch from no node of the run. It fulfils
/// `outcome->report` and quits once every source's share is in, or when a
/// source's origin goes down or reports a node_failure first. Sizes
/// `outcome->node_replies` to the sources.
caf::actor spawn_collector(caf::actor_system& system, std::vector<reply_source> sources,
                           std::string plaintext, std::shared_ptr<collector_outcome> outcome);

} // namespace actorbench::actors
