// hostile_peer: a CAF program that misbehaves as a worker node or as a
// driver, for the CLI tests of what actorbench's driver and nodes accept.
//
//   hostile_peer node MODE     publishes a fake node spawner on 127.0.0.1
//                              (printing "actorbench node listening on
//                              127.0.0.1:PORT") that answers every share as
//                              MODE says, for 60 s:
//     mislabel   decrypts honestly but sends the replies of ids [0, count)
//                (the driver's own share) under the label 0 ("local")
//     duplicate  decrypts honestly and sends every reply twice
//     forge      never decrypts: replies with the request's plaintext, or the
//                seed's "Hello World!" when the request carries none
//     anonymous  decrypts honestly but sends its batches anonymously
//     failtext   answers with a node_failure of 2 KB holding an ANSI escape
//                sequence and a newline
//   hostile_peer ask PORT COUNT [null]
//                              asks the node at PORT for a share of COUNT
//                              senders (crypto off; "null": no collector),
//                              prints "answer: ..." with the node's answer
//                              (exit 0), or "no answer within 10 s" (exit 1)
//   hostile_peer hold PORT COUNT SECONDS
//                              asks for the share, prints "asked", then
//                              stays SECONDS (a requester that goes away
//                              when it exits)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>

#include <caf/event_based_actor.hpp>
#include <caf/scoped_actor.hpp>
#include <caf/send.hpp>

#include "bench/scenarios/fanout/payload.hpp"
#include "bench/scenarios/fanout/fanout_messages.hpp"
#include "tests/bench/servers/builtin_nodes.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "crypto/registry.hpp"

using namespace actorbench;

namespace {

const std::chrono::seconds io_timeout{10};

// The honest reply of `id`: what decrypting the request's ciphertext gives.
actors::reply decrypted(const actors::remote_spawn_request& req, std::uint32_t id) {
  actors::reply r;
  r.id = id;
  if (!req.crypto) {
    r.size = static_cast<std::uint8_t>(req.plaintext.size());
    std::copy(req.plaintext.begin(), req.plaintext.end(), r.text.begin());
    return r;
  }
  auto found = crypto::registry::instance().find_pair(req.backend, req.cipher);
  if (!found) {
    r.ok = false;
    return r;
  }
  auto n = found->first->decrypt_once(found->second->name, req.key, req.nonce, req.ciphertext,
                                      r.text.data());
  r.ok = static_cast<bool>(n);
  r.size = n ? static_cast<std::uint8_t>(*n) : 0;
  return r;
}

caf::behavior fake_node(caf::event_based_actor* self, std::string mode) {
  return {
    [self, mode](const actors::remote_spawn_request& req) -> caf::result<actors::remote_spawn_done> {
      if (mode == "failtext") {
        std::string text = "cannot run: \x1b[2J\x1b[31mred\nforged line: all is well ";
        text += std::string(2048 - text.size(), 'x');
        self->send(req.collector, actors::node_failure{req.source, text});
        return caf::make_error(caf::sec::runtime_error, text);
      }
      actors::reply_batch batch;
      batch.source = req.source;
      for (std::uint32_t i = 0; i < req.count; ++i) {
        auto id = mode == "mislabel" ? i : req.first + i;
        auto r = decrypted(req, id);
        if (mode == "forge") {
          std::string text = req.plaintext.empty() ? std::string{actors::seed_plaintext}
                                                   : req.plaintext;
          r.ok = true;
          r.size = static_cast<std::uint8_t>(text.size());
          std::copy(text.begin(), text.end(), r.text.begin());
        }
        batch.replies.push_back(r);
        if (mode == "duplicate")
          batch.replies.push_back(r);
      }
      if (mode == "mislabel")
        batch.source = 0;
      if (mode == "anonymous")
        caf::anon_send(req.collector, batch);
      else
        self->send(req.collector, batch);
      return actors::remote_spawn_done{req.count, req.count};
    },
  };
}

std::unique_ptr<actors::remote_runtime> networked() {
  actors::remote_settings s;
  s.scheduler.threads = 2;
  s.add_message_types = testing::builtin_message_types();
  auto rt = actors::remote_runtime::create(s);
  if (!rt) {
    std::cerr << "hostile_peer: " << rt.err().detail << "\n";
    std::exit(2);
  }
  return std::move(*rt);
}

int run_node(const std::string& mode) {
  auto rt = networked();
  auto node = rt->system().spawn(fake_node, mode);
  auto port = rt->publish(node, 0, "127.0.0.1", io_timeout);
  if (!port) {
    std::cerr << "hostile_peer: " << port.err().detail << "\n";
    return 2;
  }
  std::cout << "actorbench node listening on 127.0.0.1:" << *port << std::endl;
  std::this_thread::sleep_for(std::chrono::seconds{60});
  caf::anon_send_exit(node, caf::exit_reason::user_shutdown);
  return 0;
}

// A collector that takes whatever comes and says nothing.
caf::behavior sink(caf::event_based_actor*) {
  return {
    [](const actors::reply_batch&) {},
    [](const actors::reply&) {},
    [](const actors::node_failure&) {},
  };
}

int run_driver(const std::string& what, std::uint16_t port, std::uint32_t count, bool null,
               int seconds) {
  auto rt = networked();
  auto node = rt->connect("127.0.0.1", port, io_timeout);
  if (!node) {
    std::cerr << "hostile_peer: " << node.err().detail << "\n";
    return 2;
  }
  actors::remote_spawn_request req;
  if (!null)
    req.collector = rt->system().spawn(sink);
  req.source = 1;
  req.count = count;
  req.context = actors::context_strategy::per_thread;
  req.spawn = actors::spawn_strategy::chain;
  req.plaintext = "x";
  caf::scoped_actor self{rt->system()};
  auto answer = self->request(*node, io_timeout, req);
  if (what == "hold") {
    std::cout << "asked" << std::endl;
    std::this_thread::sleep_for(std::chrono::seconds{seconds});
    std::_Exit(0); // gone at once, as a requester that crashed
  }
  int code = 1;
  answer.receive(
    [&](const actors::remote_spawn_done& done) {
      std::cout << "answer: done " << done.destroyed << std::endl;
      code = 0;
    },
    [&](const caf::error& err) {
      if (err == caf::sec::request_timeout) {
        std::cout << "no answer within " << io_timeout.count() << " s" << std::endl;
        return;
      }
      std::cout << "answer: " << rt->system().render(err) << std::endl;
      code = 0;
    });
  if (req.collector)
    caf::anon_send_exit(req.collector, caf::exit_reason::kill);
  return code;
}

} // namespace

int main(int argc, char** argv) {
  std::string what = argc > 1 ? argv[1] : "";
  if (what == "node" && argc == 3)
    return run_node(argv[2]);
  if ((what == "ask" && (argc == 4 || argc == 5)) || (what == "hold" && argc == 5)) {
    auto port = static_cast<std::uint16_t>(std::stoul(argv[2]));
    auto count = static_cast<std::uint32_t>(std::stoul(argv[3]));
    bool null = what == "ask" && argc == 5 && std::string{argv[4]} == "null";
    int seconds = what == "hold" ? std::stoi(argv[4]) : 0;
    return run_driver(what, port, count, null, seconds);
  }
  std::cerr << "usage: hostile_peer node MODE | ask PORT COUNT [null] | hold PORT COUNT SECONDS\n";
  return 2;
}
