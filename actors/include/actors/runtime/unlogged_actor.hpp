#pragma once

#include <cstddef>

#include <caf/execution_unit.hpp>
#include <caf/resumable.hpp>
#include <caf/scheduled_actor.hpp>

namespace actorbench::actors {

/// `Base` (caf::scheduled_actor or caf::event_based_actor) without the logger
/// bookkeeping CAF 0.17.6 does in launch(), resume() and on_destroy(): each
/// pushes and pops the actor's id in the logger's thread map
/// (CAF_PUSH_AID: two `logger::thread_local_aid` calls, each a TLS lookup, a
/// lock and a hash-map update), about 1,000 instructions per short-lived
/// actor although Debian's build logs nothing. The code is CAF's otherwise.
///
/// Only for actors that use neither streams nor receive timeouts: resume()
/// leaves out the stream ticks and the receive-timeout renewal that CAF's
/// runs after every round.
template <class Base>
class unlogged_actor : public Base {
 public:
  using Base::Base;

  void launch(caf::execution_unit* eu, bool lazy, bool hide) override {
    if (this->getf(caf::abstract_actor::is_detached_flag)) {
      Base::launch(eu, lazy, hide);
      return;
    }
    if (!hide)
      this->register_at_system();
    if (lazy && this->mailbox().try_block())
      return;
    // The scheduler's reference while the actor waits to run.
    intrusive_ptr_add_ref(this->ctrl());
    eu->exec_later(this);
  }

  caf::resumable::resume_result resume(caf::execution_unit* ctx,
                                       std::size_t max_throughput) override {
    if (!this->activate(ctx))
      return caf::resumable::done;
    std::size_t handled = 0;
    typename Base::mailbox_visitor f{this, handled, max_throughput};
    while (handled < max_throughput) {
      if (!this->mailbox().new_round(3, f).consumed_items && this->mailbox().try_block())
        return caf::resumable::awaiting_message;
      if (this->finalize())
        return caf::resumable::done;
    }
    if (this->mailbox().try_block())
      return caf::resumable::awaiting_message;
    return caf::resumable::resume_later;
  }

  void on_destroy() override {
    // An actor that terminated has nothing left to clean up here.
    if (!this->getf(caf::abstract_actor::is_cleaned_up_flag))
      Base::on_destroy();
  }
};

} // namespace actorbench::actors
