// The game server's load generator: N clients, each a CAF broker on its own
// TCP connection with its own random key, sending encrypted game messages at
// a fixed rate (a fresh nonce per packet: a counter under that key) and
// counting the server's verdicts. Client classes:
//   good       every packet valid: each must be accepted
//   tampered   one byte of each sealed packet flipped: each must be rejected as forged
//   malformed  packets too short for a tag: each must be rejected as malformed
//   garbage    one invalid frame header after hello: the server must close the connection
// Before and after, a probe asks the server for its counters: after the
// clients disconnect, its open sessions must return to where they were (this
// assumes no one else uses the server meanwhile).
//
//   load_generator --port P [--host 127.0.0.1] [--clients 1000] [--duration 10]
//                  [--rate 20] [--tampered 1] [--malformed 0] [--garbage 0]
//                  [--cipher aes-256-gcm]
//
// Exit codes: 0 every verdict as expected; 1 any other verdict, a lost or
// refused connection, an unanswered packet, sessions not freed; 2 bad input.
#include <openssl/rand.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>
#include <caf/actor_system.hpp>
#include <caf/actor_system_config.hpp>
#include <caf/io/broker.hpp>
#include <caf/io/middleman.hpp>
#include <caf/io/system_messages.hpp>
#include <caf/send.hpp>

#include "actors/remote/endpoint_name.hpp"
#include "actors/runtime/countdown_latch.hpp"
#include "command_line.hpp"
#include "frame_reader.hpp"
#include "packet_codec.hpp"

using namespace actorbench;
using clock_type = std::chrono::steady_clock;
using go_atom = caf::atom_constant<caf::atom("go")>;
using tick_atom = caf::atom_constant<caf::atom("tick")>;

namespace {

/// Packets a client may have unanswered; it skips sending beyond that.
constexpr std::uint64_t window = 64;
/// How long clients wait for their last verdicts after sending stops.
constexpr std::chrono::seconds drain_limit{5};
/// Plaintext bytes of one game message.
constexpr std::size_t message_size = 32;

enum class client_kind { good, tampered, malformed, garbage };
constexpr std::array<const char*, 4> kind_names{"good", "tampered", "malformed", "garbage"};

struct client_result {
  client_kind kind = client_kind::good;
  std::uint64_t sent = 0;
  std::uint64_t accepted = 0;
  std::uint64_t malformed = 0;
  std::uint64_t forged = 0;
  bool closed_by_server = false;
  /// Why the client failed; empty if it ran to the end.
  std::string failure;
  /// Seconds from sending a packet to its verdict.
  std::vector<float> latencies;

  std::uint64_t answered() const { return accepted + malformed + forged; }
};

struct run_plan {
  std::chrono::duration<double> duration;
  double rate = 0;
  const crypto::backend* backend = nullptr;
  const crypto::cipher_info* cipher = nullptr;
};

/// One client broker's state.
class client_state {
 public:
  client_state(caf::io::broker* self, caf::io::connection_handle hdl, const run_plan& plan,
               client_result& result, actors::countdown_latch& done,
               std::unique_ptr<crypto::cipher_context> ctx, const crypto::bytes& key)
    : self_(self), hdl_(hdl), plan_(plan), result_(result), done_(done), ctx_(std::move(ctx)) {
    self_->configure_read(hdl_, caf::io::receive_policy::at_most(8192));
    write(game::encode_frame(game::frame_type::hello, key));
    auto period = std::chrono::duration<double>{1.0 / plan_.rate};
    period_ = std::chrono::duration_cast<clock_type::duration>(
      std::clamp(period, std::chrono::duration<double>{0.01}, std::chrono::duration<double>{0.1}));
  }

  void go() {
    start_ = clock_type::now();
    end_ = start_ + std::chrono::duration_cast<clock_type::duration>(plan_.duration);
    if (result_.kind == client_kind::garbage) {
      const std::uint8_t bad_header[] = {0xff, 0xff, 0xff, 0xff, 0x02};
      write(game::bytes(std::begin(bad_header), std::end(bad_header)));
    }
    tick();
  }

  void tick() {
    if (finished_)
      return;
    auto now = clock_type::now();
    if (now < end_) {
      if (result_.kind != client_kind::garbage) {
        std::chrono::duration<double> elapsed = now - start_;
        auto due = static_cast<std::uint64_t>(elapsed.count() * plan_.rate) + 1;
        while (!finished_ && result_.sent < due && result_.sent - result_.answered() < window)
          send_packet(now);
      }
    } else if (result_.sent == result_.answered() && result_.kind != client_kind::garbage) {
      return finish();
    } else if (now > end_ + drain_limit) {
      result_.failure = result_.kind == client_kind::garbage
                          ? "the server kept the connection after a bad frame"
                          : "packets unanswered " + std::to_string(drain_limit.count())
                              + " s after sending stopped";
      return finish();
    }
    if (finished_)
      return;
    // Anonymous: a tick that reaches the mailbox after the broker quit must
    // not hold a reference to the broker (as its sender), or neither is freed.
    caf::delayed_anon_send(caf::actor_cast<caf::actor>(self_), period_, tick_atom::value);
  }

  void on_data(const std::vector<char>& data) {
    reader_.append(data.data(), data.size());
    auto bad = reader_.drain([this](const game::frame& f) { return on_frame(f); });
    if (bad && !finished_) {
      result_.failure = "the server sent a bad frame (" + std::string{game::to_string(*bad)} + ")";
      finish();
    }
  }

  void on_exit() {
    if (!finished_) {
      finished_ = true;
      if (result_.failure.empty())
        result_.failure = "stopped before the end";
      done_.count_down();
    }
  }

  void on_closed() {
    if (finished_)
      return;
    if (result_.kind == client_kind::garbage)
      result_.closed_by_server = true;
    else
      result_.failure = "the server closed the connection";
    finish();
  }

 private:
  bool on_frame(const game::frame& f) {
    if (f.type != game::frame_type::accepted && f.type != game::frame_type::rejected) {
      result_.failure = "the server sent an unexpected frame";
      finish();
      return false;
    }
    if (sent_at_.empty()) {
      result_.failure = "a verdict for a packet never sent";
      finish();
      return false;
    }
    std::chrono::duration<float> latency = clock_type::now() - sent_at_.front();
    sent_at_.pop_front();
    result_.latencies.push_back(latency.count());
    if (f.type == game::frame_type::accepted)
      ++result_.accepted;
    else if (f.payload.data[0] == static_cast<std::uint8_t>(game::rejection_reason::malformed))
      ++result_.malformed;
    else
      ++result_.forged;
    return true;
  }

  void send_packet(clock_type::time_point now) {
    const auto& c = *plan_.cipher;
    const std::uint64_t seq = result_.sent;
    game::bytes packet(c.nonce_size + message_size + c.overhead, 0);
    for (std::size_t i = 0; i < 8; ++i) // the nonce: this key's packet counter
      packet[i] = static_cast<std::uint8_t>(seq >> (56 - 8 * i));
    std::array<std::uint8_t, message_size> text{};
    for (std::size_t i = 0; i < text.size(); ++i)
      text[i] = static_cast<std::uint8_t>(seq + i);
    auto n = ctx_->encrypt({packet.data(), c.nonce_size}, {text.data(), text.size()},
                           packet.data() + c.nonce_size);
    if (!n) {
      result_.failure = "encryption failed: " + n.err().detail;
      return finish();
    }
    if (result_.kind == client_kind::tampered)
      packet[seq % packet.size()] ^= 0x01;
    else if (result_.kind == client_kind::malformed)
      packet.resize(c.nonce_size);
    write(game::encode_frame(game::frame_type::packet, packet));
    sent_at_.push_back(now);
    ++result_.sent;
  }

  void write(const game::bytes& frame) {
    auto& buf = self_->wr_buf(hdl_);
    buf.insert(buf.end(), frame.begin(), frame.end());
    self_->flush(hdl_);
  }

  void finish() {
    if (finished_)
      return;
    finished_ = true;
    self_->quit();
    done_.count_down();
  }

  caf::io::broker* self_;
  caf::io::connection_handle hdl_;
  const run_plan& plan_;
  client_result& result_;
  actors::countdown_latch& done_;
  std::unique_ptr<crypto::cipher_context> ctx_;
  game::frame_reader reader_;
  std::deque<clock_type::time_point> sent_at_;
  clock_type::time_point start_;
  clock_type::time_point end_;
  clock_type::duration period_;
  bool finished_ = false;
};

caf::behavior client(caf::io::broker* self, caf::io::connection_handle hdl, const run_plan* plan,
                     client_result* result, actors::countdown_latch* done, crypto::bytes key) {
  auto ctx = plan->backend->make_context(plan->cipher->name, key);
  if (!ctx) {
    result->failure = "no cipher context: " + ctx.err().detail;
    done->count_down();
    self->quit();
    return {};
  }
  auto st = std::make_shared<client_state>(self, hdl, *plan, *result, *done, std::move(*ctx), key);
  // Counted as done however it ends (main waits for every client before freeing the results).
  self->attach_functor([st] { st->on_exit(); });
  return {
    [st](go_atom) { st->go(); },
    [st](tick_atom) { st->tick(); },
    [st](const caf::io::new_data_msg& msg) { st->on_data(msg.buf); },
    [st](const caf::io::connection_closed_msg&) { st->on_closed(); },
  };
}

/// One stats request on its own connection.
caf::behavior stats_probe(caf::io::broker* self, caf::io::connection_handle hdl,
                          std::shared_ptr<std::optional<game::server_stats>> out,
                          std::shared_ptr<actors::countdown_latch> done) {
  self->configure_read(hdl, caf::io::receive_policy::at_most(1024));
  auto frame = game::encode_frame(game::frame_type::stats_request, {});
  self->wr_buf(hdl).assign(frame.begin(), frame.end());
  self->flush(hdl);
  auto reader = std::make_shared<game::frame_reader>();
  auto finish = [self, done] {
    self->quit();
    done->count_down();
  };
  return {
    [=](const caf::io::new_data_msg& msg) {
      reader->append(msg.buf.data(), msg.buf.size());
      auto bad = reader->drain([&](const game::frame& f) {
        if (f.type == game::frame_type::stats)
          *out = game::decode_stats(f.payload);
        return false;
      });
      if (bad || out->has_value())
        finish();
    },
    [=](const caf::io::connection_closed_msg&) { finish(); },
  };
}

/// The server's counters, or why they could not be had (at most about 5 s).
game::parsed<game::server_stats> ask_stats(caf::actor_system& sys, const std::string& host,
                                           std::uint16_t port) {
  auto out = std::make_shared<std::optional<game::server_stats>>();
  auto done = std::make_shared<actors::countdown_latch>(1);
  auto probe = sys.middleman().spawn_client(stats_probe, host, port, out, done);
  if (!probe)
    return "cannot connect: " + sys.render(probe.error());
  if (!done->wait_for(std::chrono::seconds{5})) {
    caf::anon_send_exit(*probe, caf::exit_reason::user_shutdown);
    return std::string{"no answer to a stats request within 5 s"};
  }
  if (!out->has_value())
    return std::string{"no valid answer to a stats request"};
  return **out;
}

struct options {
  std::string host = "127.0.0.1";
  std::uint16_t port = 0;
  std::uint64_t clients = 1000;
  std::chrono::duration<double> duration{10};
  double rate = 20;
  std::uint64_t tampered = 1;
  std::uint64_t malformed = 0;
  std::uint64_t garbage = 0;
  game::aead_choice aead;
};

[[noreturn]] void bad_input(const std::string& line) {
  std::cerr << "load_generator: " << line << '\n';
  std::exit(2);
}

options parse_options(int argc, char** argv) {
  std::string port, clients = "1000", duration = "10", rate = "20", tampered = "1", malformed = "0",
                    garbage = "0", cipher = "aes-256-gcm";
  options opts;
  CLI::App app{
    "load_generator: clients for game_server, each with its own key; checks "
    "every verdict"};
  app.add_option("--host", opts.host, "The server's address")->default_str(opts.host);
  app.add_option("--port", port, "The server's port")->required();
  app.add_option("--clients", clients, "Connections, each with its own session")
    ->default_str(clients);
  app.add_option("--duration", duration, "Seconds of sending")->default_str(duration);
  app.add_option("--rate", rate, "Packets per second per client")->default_str(rate);
  app.add_option("--tampered", tampered, "Clients whose packets are tampered with")
    ->default_str(tampered);
  app.add_option("--malformed", malformed, "Clients whose packets are too short")
    ->default_str(malformed);
  app.add_option("--garbage", garbage, "Clients that send an invalid frame header")
    ->default_str(garbage);
  app.add_option("--cipher", cipher, "AEAD cipher (the server's)")->default_str(cipher);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    std::exit(0);
  } catch (const CLI::ParseError& e) {
    bad_input(e.what());
  }
  auto check = [](auto r) {
    if (!r)
      bad_input(r.err());
    return *r;
  };
  opts.port = static_cast<std::uint16_t>(check(game::parse_integer("--port", port, 1, 65535)));
  opts.clients = check(game::parse_integer("--clients", clients, 1, 100000));
  opts.duration = check(game::parse_seconds("--duration", duration, 0.1, 3600));
  opts.rate = static_cast<double>(check(game::parse_integer("--rate", rate, 1, 10000)));
  opts.tampered = check(game::parse_integer("--tampered", tampered, 0, opts.clients));
  opts.malformed =
    check(game::parse_integer("--malformed", malformed, 0, opts.clients - opts.tampered));
  opts.garbage = check(
    game::parse_integer("--garbage", garbage, 0, opts.clients - opts.tampered - opts.malformed));
  opts.aead = check(game::find_aead(cipher));
  const auto files = game::raise_open_files_limit();
  if (opts.clients + 64 > files)
    bad_input("invalid --clients '" + clients + "': " + clients
              + " connections need more files than the limit of " + std::to_string(files)
              + " (ulimit -n)");
  return opts;
}

client_kind kind_of(std::uint64_t i, const options& o) {
  if (i < o.tampered)
    return client_kind::tampered;
  if (i < o.tampered + o.malformed)
    return client_kind::malformed;
  if (i < o.tampered + o.malformed + o.garbage)
    return client_kind::garbage;
  return client_kind::good;
}

/// What a client of `kind` must see; empty if it did.
std::string check(const client_result& r) {
  if (!r.failure.empty())
    return r.failure;
  switch (r.kind) {
    case client_kind::good:
      return r.accepted == r.sent ? "" : "a good packet was rejected";
    case client_kind::tampered:
      return r.forged == r.sent ? "" : "a tampered packet was not rejected as forged";
    case client_kind::malformed:
      return r.malformed == r.sent ? "" : "a malformed packet was not rejected as malformed";
    case client_kind::garbage:
      return r.closed_by_server ? "" : "the server kept the connection after a bad frame";
  }
  return "";
}

double percentile(std::vector<float>& xs, double p) {
  if (xs.empty())
    return 0;
  auto k = static_cast<std::size_t>(p * static_cast<double>(xs.size() - 1));
  std::nth_element(xs.begin(), xs.begin() + static_cast<std::ptrdiff_t>(k), xs.end());
  return xs[k];
}

} // namespace

int main(int argc, char** argv) {
  auto opts = parse_options(argc, argv);
  game::catch_stop_signals();
  caf::actor_system_config cfg;
  cfg.load<caf::io::middleman>();
  // The clients are brokers on the middleman's thread; the scheduler has little to do.
  cfg.set("scheduler.max-threads", 1);
  caf::actor_system sys{cfg};

  auto before = ask_stats(sys, opts.host, opts.port);
  if (!before) {
    std::cerr << "load_generator: no game server at " << actors::endpoint_name(opts.host, opts.port)
              << ": " << before.err() << '\n';
    return 1;
  }
  run_plan plan{opts.duration, opts.rate, opts.aead.backend, opts.aead.cipher};
  std::cout << "load_generator: " << opts.clients << " clients (" << opts.tampered << " tampered, "
            << opts.malformed << " malformed, " << opts.garbage << " garbage) for "
            << opts.duration.count() << " s at " << opts.rate << " packets/s each to "
            << actors::endpoint_name(opts.host, opts.port) << ", " << plan.backend->name() << '/'
            << plan.cipher->name << std::endl;

  std::vector<client_result> results(opts.clients);
  std::vector<caf::actor> clients;
  actors::countdown_latch done{opts.clients};
  for (std::uint64_t i = 0; i < opts.clients; ++i) {
    results[i].kind = kind_of(i, opts);
    if (game::stop_requested()) {
      results[i].failure = "never started";
      done.count_down();
      continue;
    }
    crypto::bytes key(plan.cipher->key_size);
    if (RAND_bytes(key.data(), static_cast<int>(key.size())) != 1) {
      results[i].failure = "no random bytes for its key";
      done.count_down();
      continue;
    }
    auto c = sys.middleman().spawn_client(client, opts.host, opts.port, &plan, &results[i], &done,
                                          std::move(key));
    if (!c) {
      results[i].failure = "cannot connect: " + sys.render(c.error());
      done.count_down();
      continue;
    }
    clients.push_back(*c);
  }
  const auto start = clock_type::now();
  for (const auto& c : clients)
    caf::anon_send(c, go_atom::value);

  const auto limit = opts.duration + drain_limit + std::chrono::seconds{10};
  bool finished = false;
  while (!finished && !game::stop_requested() && clock_type::now() - start < limit)
    finished = done.wait_for(std::chrono::milliseconds{50});
  const std::chrono::duration<double> elapsed = clock_type::now() - start;
  if (!finished) {
    for (const auto& c : clients)
      caf::anon_send_exit(c, caf::exit_reason::user_shutdown);
    std::cerr << "load_generator: "
              << (game::stop_requested()
                    ? "interrupted"
                    : "clients still running after " + std::to_string(limit.count()) + " s")
              << '\n';
    // The clients hold pointers into `results`: let them go before it does.
    done.wait_for(std::chrono::seconds{5});
    return 1;
  }

  // Sessions close asynchronously after the disconnects: wait for them (at most 5 s).
  auto after = ask_stats(sys, opts.host, opts.port);
  for (auto deadline = clock_type::now() + std::chrono::seconds{5};
       after && after->sessions_open > before->sessions_open && clock_type::now() < deadline;
       after = ask_stats(sys, opts.host, opts.port))
    std::this_thread::sleep_for(std::chrono::milliseconds{20});

  struct class_sum {
    std::uint64_t clients = 0, sent = 0, accepted = 0, malformed = 0, forged = 0, unanswered = 0,
                  failed = 0;
  };
  std::array<class_sum, 4> sums{};
  std::vector<float> latencies;
  std::vector<std::string> problems;
  std::size_t failed_clients = 0;
  for (std::size_t i = 0; i < results.size(); ++i) {
    auto& r = results[i];
    auto& s = sums[static_cast<std::size_t>(r.kind)];
    ++s.clients;
    s.sent += r.sent;
    s.accepted += r.accepted;
    s.malformed += r.malformed;
    s.forged += r.forged;
    s.unanswered += r.sent - r.answered();
    latencies.insert(latencies.end(), r.latencies.begin(), r.latencies.end());
    auto problem = check(r);
    if (!problem.empty()) {
      ++s.failed;
      ++failed_clients;
      if (problems.size() < 10)
        problems.push_back("client " + std::to_string(i) + " (" + kind_names[std::size_t(r.kind)]
                           + "): " + problem);
    }
  }
  if (failed_clients > problems.size())
    problems.push_back(std::to_string(failed_clients - problems.size()) + " more clients");
  std::uint64_t total_sent = 0;
  std::printf("%-10s %8s %10s %10s %10s %10s %10s %7s\n", "class", "clients", "sent", "accepted",
              "malformed", "forged", "unanswered", "failed");
  for (std::size_t k = 0; k < sums.size(); ++k) {
    const auto& s = sums[k];
    total_sent += s.sent;
    if (s.clients > 0)
      std::printf("%-10s %8llu %10llu %10llu %10llu %10llu %10llu %7llu\n", kind_names[k],
                  (unsigned long long)s.clients, (unsigned long long)s.sent,
                  (unsigned long long)s.accepted, (unsigned long long)s.malformed,
                  (unsigned long long)s.forged, (unsigned long long)s.unanswered,
                  (unsigned long long)s.failed);
  }
  std::printf(
    "packets: %llu in %.2f s (%.0f/s); verdict latency median %.3f ms, "
    "99th percentile %.3f ms, max %.3f ms\n",
    (unsigned long long)total_sent, elapsed.count(),
    static_cast<double>(total_sent) / elapsed.count(), percentile(latencies, 0.5) * 1e3,
    percentile(latencies, 0.99) * 1e3, percentile(latencies, 1.0) * 1e3);
  if (!after) {
    problems.push_back("the server did not answer after the run: " + after.err());
  } else {
    const auto& b = *before;
    const auto& a = *after;
    std::printf(
      "server: sessions open %llu before, %llu after (%llu opened); packets accepted "
      "+%llu, malformed +%llu, forged +%llu; connections closed for protocol errors "
      "+%llu\n",
      (unsigned long long)b.sessions_open, (unsigned long long)a.sessions_open,
      (unsigned long long)(a.sessions_opened - b.sessions_opened),
      (unsigned long long)(a.packets_accepted - b.packets_accepted),
      (unsigned long long)(a.packets_malformed - b.packets_malformed),
      (unsigned long long)(a.packets_forged - b.packets_forged),
      (unsigned long long)(a.protocol_errors - b.protocol_errors));
    if (a.sessions_open > b.sessions_open)
      problems.push_back("the server kept " + std::to_string(a.sessions_open - b.sessions_open)
                         + " sessions open after their clients left");
  }
  std::fflush(stdout);
  for (const auto& p : problems)
    std::cout << "load_generator: FAILED: " << p << '\n';
  if (!problems.empty())
    return 1;
  std::cout << "load_generator: OK: every good packet accepted, every tampered or malformed one "
               "rejected, every session freed"
            << std::endl;
  return 0;
}
