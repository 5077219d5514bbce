#include "bench/scenarios/fanout/fanout_declaration.hpp"

#include <string>
#include <vector>

#include "bench/scenarios/shared/cipher_choice.hpp"
#include "bench/scenarios/shared/node_params.hpp"

namespace actorbench::bench {

namespace {

constexpr std::int64_t max_procs = 100'000'000;
constexpr std::int64_t max_threads = 1024;
constexpr std::int64_t max_timeout_s = 86'400;

void declare_workload(declaration& d) {
  d.integer("procs")
    .range(1, max_procs)
    .def("10000")
    .unit("actors")
    .help(
      "Sender actors per run, 1..100000000; a list 1000,10000 or a range 1000..1000000x10 scans");
  d.word("crypto", {"off", "on"}).def("off").help("Decrypt in each sender: on, off, or on,off");
  d.word("backend", backend_words())
    .def_help("openssl")
    .only_if("crypto", {"on"})
    .help(
      "Crypto back-end(s): a name, a list, or all (every available one offering --cipher, the "
      "others left out; without --cipher each one's default; see --list)");
  d.word("cipher", cipher_words())
    .word_aliases(cipher_alias_words(false))
    .def_help("the back-end's first")
    .only_if("crypto", {"on"})
    .help("Cipher(s) of the back-end, a list, or all (see --list)");
  d.word("context", {"per-message", "per-actor", "per-thread"})
    .def("per-thread")
    .only_if("crypto", {"on"})
    .help(
      "Where a sender's cipher context comes from: per-thread (cached per scheduler thread, reused "
      "by every sender it runs), per-actor (each clones a keyed one), per-message (created, keyed "
      "and freed per decrypt, the naive way), or a list");
}

void declare_scheduler(declaration& d) {
  d.integer("threads")
    .range(1, max_threads)
    .def_help("one per core")
    .unit("threads")
    .group("scheduler")
    .help("Scheduler threads; a list or range scans");
  d.word("policy", {"stealing", "sharing"})
    .def("stealing")
    .group("scheduler")
    .help("Scheduler policy: stealing, sharing, or both");
  d.word("spawn", {"main", "chain"})
    .def("chain")
    .group("scheduler")
    .help(
      "Who spawns the senders: chain (spawner actors on the scheduler's workers, in chunks), main "
      "(the calling thread, one by one), or both");
  d.word("clock", {"lean", "caf"})
    .def("lean")
    .group("scheduler")
    .help(
      "Actor clock: lean (skips cancelling timeouts no actor set; see "
      "actors/runtime/lean_scheduler.hpp), caf (CAF 0.17's own), or both");
  d.text("pin")
    .def_help("not pinned")
    .group("scheduler")
    .help("Pin the actor system's threads to these CPUs, round robin (e.g. 0,1)");
}

void declare_limits_and_nodes(declaration& d) {
  d.integer("timeout")
    .range(1, max_timeout_s)
    .fixed()
    .run_limit()
    .unit("s")
    .def_help("60 + 20 us per actor")
    .help(
      "Seconds one run may take before it fails; with --nodes also the longest wait for each "
      "node to answer its connection, unless --connect-timeout is given");
  d.integer("connect-timeout")
    .range(1, max_timeout_s)
    .fixed()
    .unit("s")
    .def_help("--timeout if given, else 10")
    .group("worker nodes")
    .help("Seconds each worker node may take to accept the connection and answer CAF's handshake");
  declare_node_params(d,
                      "Worker nodes (actorbench node) as HOST:PORT,...: the senders are split "
                      "evenly between this process and them, through CAF's middleman");
}

void declare_results(declaration& d) {
  d.metric("replies_s", "s")
    .title("time until every reply")
    .headline()
    .help(
      "From the first spawn until the collector had every reply (the original experiment's "
      "figure)");
  d.metric("spawn_done_s", "s").phase().help("From the first spawn until the last was spawned");
  d.metric("teardown_done_s", "s")
    .phase()
    .help("From the first spawn until every sender was destroyed");
  d.metric("actors_per_s", "1/s")
    .higher_is_better()
    .help("Senders per second until every reply was in");
  d.check("wrong_plaintext", "replies whose plaintext differs from the expected one");
  d.check("failed_decrypts", "replies whose sender could not decrypt");
  d.check("duplicate_ids", "replies carrying an id already seen or one outside [0, N)");
  d.check("missing_ids", "ids that never replied");
}

} // namespace

declaration fanout_declaration() {
  declaration d{"fanout",
                "One collector actor and N lightweight sender actors on CAF; each sender decrypts "
                "an AES-CTR \"Hello World!\" and replies (the Erlang experiment)"};
  declare_workload(d);
  declare_scheduler(d);
  declare_limits_and_nodes(d);
  declare_results(d);
  d.defaults.runs = 10;
  d.defaults.warmup = 1;
  d.work_unit = "actor";
  return d;
}

} // namespace actorbench::bench
