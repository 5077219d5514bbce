#include "bench/scenarios/cipher/cipher_session.hpp"

#include <chrono>
#include <utility>

#include "bench/scenarios/cipher/cipher_pairs.hpp"
#include "bench/harness/instruction_count.hpp"

namespace actorbench::bench {

namespace {

result<decrypt_case> case_of(const configuration& c) {
  auto pair = find_pair(c);
  if (pair.cipher == nullptr)
    return runtime_failure("cipher " + c.word("backend") + "/" + c.word("cipher")
                           + " is not available");
  auto context = actors::parse_context_strategy(c.word("context"));
  if (!context)
    return runtime_failure("unknown context strategy " + c.word("context"));
  const auto& direction = c.word("direction");
  if (direction != "decrypt" && direction != "encrypt")
    return runtime_failure("unknown direction " + direction);
  return decrypt_case{
    pair.backend,
    pair.cipher,
    *context,
    static_cast<std::size_t>(c.size("size")),
    static_cast<std::size_t>(c.integer("threads")),
    direction == "encrypt" ? cipher_direction::encrypt : cipher_direction::decrypt};
}

} // namespace

result<std::unique_ptr<scenario_session>> cipher_session::make(
  const std::vector<configuration>& plan) {
  std::unique_ptr<cipher_session> s{new cipher_session};
  for (const auto& c : plan) {
    auto spec = case_of(c);
    if (!spec)
      return spec.err();
    auto w = decrypt_workload::prepare(*spec);
    if (!w)
      return w.err();
    if (s->workloads_.size() <= c.index)
      s->workloads_.resize(c.index + 1);
    s->workloads_[c.index] = std::move(*w);
  }
  return std::unique_ptr<scenario_session>{std::move(s)};
}

result<run_record> cipher_session::run(run_context& ctx) {
  const auto& c = ctx.config();
  if (c.index >= workloads_.size() || !workloads_[c.index])
    return runtime_failure("cipher: no workload for configuration " + std::to_string(c.index));
  run_record r;
  // An iteration is short and its threads are not interrupted, so that the
  // timed loop stays as it is; a stop only keeps the next one from starting.
  if (ctx.stop().load()) {
    r.partial = true;
    return r;
  }
  auto time = std::chrono::duration<double>(c.seconds("time"));
  auto it = workloads_[c.index]->run(std::chrono::duration_cast<std::chrono::nanoseconds>(time));
  if (!it)
    return it.err();
  auto ops = static_cast<double>(it->ops);
  auto throughput = it->elapsed_s > 0 ? ops / it->elapsed_s : 0.0;
  // At least one op ran: the loop checks the clock only after some.
  r.add("time_per_op", it->elapsed_s / ops);
  r.add("throughput", throughput);
  r.add("bytes_per_s", throughput * static_cast<double>(c.size("size")));
  r.checks["failed_decrypts"] = it->failures;
  r.facts["ops"] = ops;
  r.facts[work_units_fact] = ops;
  if (!it->first_failure.empty())
    r.facts["first_failure"] = it->first_failure;
  return r;
}

by_name<fact> cipher_session::facts(const configuration& c) const {
  if (c.index < workloads_.size() && workloads_[c.index])
    return {{"aead", std::string{workloads_[c.index]->spec().cipher->aead ? "yes" : "no"}}};
  return {};
}

} // namespace actorbench::bench
