// Publishing and connecting over loopback, plain and TLS, and every refused
// TLS client: no certificate, a rogue CA's, an expired one. Needs the test
// PKI that CTest's fixture makes with config/make-test-pki (ACTORBENCH_TEST_PKI).
#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>

#include <caf/function_view.hpp>
#include <caf/io/middleman.hpp>
#include <caf/openssl/manager.hpp>
#include <caf/openssl/publish.hpp>
#include <caf/scoped_actor.hpp>

#include <openssl/ssl.h>

#include "actors/remote/hello.hpp"
#include "actors/remote/remote_runtime.hpp"
#include "remote/sigpipe_elision.hpp"
#include "actors/remote/tls_monitor.hpp"
#include "remote/tls_read_ahead.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace actorbench;
using namespace std::chrono_literals;

namespace {

std::string pki(const std::string& file) {
  const char* dir = std::getenv("ACTORBENCH_TEST_PKI");
  REQUIRE_MESSAGE(dir != nullptr, "ACTORBENCH_TEST_PKI must name the test PKI directory");
  return std::string{dir} + "/" + file;
}

actors::tls_settings credentials(const std::string& name, const std::string& ca = "ca") {
  return {pki(name + ".pem"), pki(name + ".key"), pki(ca + ".pem")};
}

actors::remote_settings settings(std::optional<actors::tls_settings> tls) {
  actors::remote_settings s;
  s.scheduler.threads = 1;
  s.tls = std::move(tls);
  return s;
}

/// A hello server on an ephemeral loopback port.
struct server {
  std::unique_ptr<actors::remote_runtime> rt;
  caf::actor hello;
  std::uint16_t port = 0;
  std::shared_ptr<std::atomic<std::uint64_t>> served =
    std::make_shared<std::atomic<std::uint64_t>>(0);

  explicit server(std::optional<actors::tls_settings> tls) {
    // Each test sees only its own refusals.
    actors::tls_monitor::take_refusals(true);
    actors::tls_monitor::take_refusals(false);
    auto made = actors::remote_runtime::create(settings(std::move(tls)));
    REQUIRE(made);
    rt = std::move(*made);
    hello = rt->system().spawn(actors::hello_actor, served);
    auto bound = rt->publish(hello, 0, "127.0.0.1", 5s);
    REQUIRE_MESSAGE(bound, (bound ? "" : bound.err().detail));
    port = *bound;
  }

  // The system's destructor waits for its actors.
  ~server() { caf::anon_send_exit(hello, caf::exit_reason::user_shutdown); }
};

/// A TLS client with one kept connection to the hello server on `port`.
struct kept_connection {
  std::unique_ptr<actors::remote_runtime> rt;
  caf::actor hello;
  std::optional<caf::scoped_actor> self;

  explicit kept_connection(std::uint16_t port) {
    auto made = actors::remote_runtime::create(settings(credentials("client")));
    REQUIRE(made);
    rt = std::move(*made);
    auto connected = rt->connect("127.0.0.1", port, 5s);
    REQUIRE_MESSAGE(connected, (connected ? "" : connected.err().detail));
    hello = *connected;
    self.emplace(rt->system());
  }
};

/// Connects with `tls` and asks once; the reply, or the error's detail.
std::string ask(std::uint16_t port, std::optional<actors::tls_settings> tls,
                std::chrono::milliseconds timeout = 5s) {
  auto rt = actors::remote_runtime::create(settings(std::move(tls)));
  if (!rt)
    return "error: " + rt.err().detail;
  auto hello = (*rt)->connect("127.0.0.1", port, timeout);
  if (!hello)
    return "error: " + hello.err().detail;
  caf::scoped_actor self{(*rt)->system()};
  std::string out = "error: no reply";
  self->request(*hello, 5s, std::string{"actor"})
    .receive([&](const std::string& reply) { out = reply; },
             [&](const caf::error& err) { out = "error: " + (*rt)->system().render(err); });
  return out;
}

/// The server's refusals, waiting up to `wait` for the first.
std::vector<actors::tls_monitor::refusal> server_refusals(std::chrono::milliseconds wait = 5s) {
  for (auto waited = 0ms; waited < wait; waited += 10ms) {
    auto got = actors::tls_monitor::take_refusals(true).kept;
    if (!got.empty())
      return got;
    std::this_thread::sleep_for(10ms);
  }
  return {};
}

} // namespace

TEST_CASE("a plain hello server answers over loopback") {
  server srv{std::nullopt};
  CHECK(ask(srv.port, std::nullopt) == "Hello, actor");
  CHECK(*srv.served == 1);
}

TEST_CASE("a TLS hello server answers a client with a certificate of its CA") {
  server srv{credentials("server")};
  CHECK(ask(srv.port, credentials("client")) == "Hello, actor");
  CHECK(actors::tls_monitor::active());
  CHECK(server_refusals(500ms).empty());
}

TEST_CASE("a hello actor hosted in the multiplexer answers over plain and TLS connections") {
  for (bool tls : {false, true}) {
    auto made = actors::remote_runtime::create(
      settings(tls ? std::optional{credentials("server")} : std::nullopt));
    REQUIRE(made);
    auto served = std::make_shared<std::atomic<std::uint64_t>>(0);
    auto hello = actors::spawn_hello((*made)->system(), actors::hello_host::multiplexer, served);
    auto port = (*made)->publish(hello, 0, "127.0.0.1", 5s);
    REQUIRE(port);
    CHECK(ask(*port, tls ? std::optional{credentials("client")} : std::nullopt) == "Hello, actor");
    CHECK(*served == 1);
    caf::anon_send_exit(hello, caf::exit_reason::user_shutdown);
  }
}

TEST_CASE(
  "with TLS, CAF's SIGPIPE masking is skipped and SIGPIPE ignored, and other masking is real") {
  server srv{credentials("server")};
  auto before = actors::sigpipe_elision::elided_calls();
  CHECK(ask(srv.port, credentials("client")) == "Hello, actor");
  REQUIRE(actors::sigpipe_elision::enabled());
  // Every OpenSSL call of CAF's session on both sides went without its three
  // system calls.
  CHECK(actors::sigpipe_elision::elided_calls() > before);
  struct sigaction now {};
  REQUIRE(sigaction(SIGPIPE, nullptr, &now) == 0);
  CHECK((now.sa_handler == SIG_IGN));
  // The same block from this program (not libcaf_openssl) reaches the kernel.
  sigset_t pipe_only, saved, current;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  auto elided = actors::sigpipe_elision::elided_calls();
  REQUIRE(pthread_sigmask(SIG_BLOCK, &pipe_only, &saved) == 0);
  REQUIRE(pthread_sigmask(SIG_SETMASK, nullptr, &current) == 0);
  CHECK(sigismember(&current, SIGPIPE) == 1);
  CHECK(sigismember(&saved, SIGKILL) == 0); // a real mask, not the marker
  REQUIRE(pthread_sigmask(SIG_SETMASK, &saved, nullptr) == 0);
  REQUIRE(pthread_sigmask(SIG_SETMASK, nullptr, &current) == 0);
  CHECK(sigismember(&current, SIGPIPE) == sigismember(&saved, SIGPIPE));
  CHECK(actors::sigpipe_elision::elided_calls() == elided);
}

TEST_CASE(
  "with TLS read-ahead, a burst of requests far beyond CAF's 50 reads per event is all answered") {
  // OpenSSL reads ahead whole bursts of records; CAF's stream stops after 50
  // reads per socket event and must still see the records OpenSSL holds.
  server srv{credentials("server")};
  kept_connection client{srv.port};
  REQUIRE(actors::tls_read_ahead::enabled());
  CHECK(actors::tls_read_ahead::sessions() > 0);
  auto& self = *client.self;
  // Several bursts: a stall depends on where a burst's reads split.
  constexpr int burst = 3000;
  constexpr int bursts = 6;
  for (int b = 0; b < bursts; ++b) {
    for (int i = 0; i < burst; ++i)
      self->send(client.hello, std::string{"actor"});
    int replies = 0;
    bool timed_out = false;
    self->receive_while([&] { return replies < burst && !timed_out; })(
      [&](const std::string& reply) {
        CHECK(reply == "Hello, actor");
        ++replies;
      },
      caf::after(10s) >> [&] { timed_out = true; });
    REQUIRE(replies == burst);
  }
  CHECK(*srv.served == burst * bursts);
}

TEST_CASE("TLS connections that fail leave the other TLS connections of both sides open") {
  // Each failure leaves OpenSSL's error on the middleman thread's queue;
  // the kept connection's next read, which has to wait, must not see it.
  server srv{credentials("server")};
  kept_connection client{srv.port};
  auto& self = *client.self;
  auto ask_kept = [&] {
    std::string out = "no reply";
    self->request(client.hello, 5s, std::string{"kept"})
      .receive([&](const std::string& reply) { out = reply; },
               [&](const caf::error& err) { out = client.rt->system().render(err); });
    return out;
  };
  REQUIRE(ask_kept() == "Hello, kept");
  SUBCASE("the server's: plain TCP connections that close at once") {
    for (int i = 0; i < 3; ++i) {
      int fd = socket(AF_INET, SOCK_STREAM, 0);
      REQUIRE(fd >= 0);
      sockaddr_in to{};
      to.sin_family = AF_INET;
      to.sin_port = htons(srv.port);
      to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
      REQUIRE(::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof(to)) == 0);
      close(fd);
      CHECK(server_refusals().size() == 1);
      REQUIRE(ask_kept() == "Hello, kept");
    }
  }
  SUBCASE("the client's: another TLS server it is connected to goes away") {
    for (int i = 0; i < 3; ++i) {
      auto other = std::make_unique<server>(credentials("server"));
      auto gone = client.rt->connect("127.0.0.1", other->port, 5s);
      REQUIRE(gone);
      self->monitor(*gone);
      other.reset(); // closes without close_notify, as CAF always does
      bool down = false;
      self->receive([&](const caf::down_msg&) { down = true; }, caf::after(5s) >> [] {});
      REQUIRE(down);
      REQUIRE(ask_kept() == "Hello, kept");
    }
  }
}

TEST_CASE("a TLS server refuses a plain client and keeps serving") {
  server srv{credentials("server")};
  auto reply = ask(srv.port, std::nullopt);
  CHECK(reply.find("error: cannot connect") == 0);
  CHECK(reply.find("sends nothing first, as a TLS server does with a plain client (does the "
                   "server expect TLS?)")
        != std::string::npos);
  // The client then listened on a second connection for what the server
  // says first (nothing, as TLS servers do), which the server refused too.
  auto refused = server_refusals();
  if (refused.size() == 1) {
    auto more = server_refusals();
    refused.insert(refused.end(), more.begin(), more.end());
  }
  REQUIRE(refused.size() == 2);
  CHECK(refused[0].peer.rfind("127.0.0.1:", 0) == 0);
  CHECK(refused[0].reason == "handshake failed: wrong version number");
  CHECK(ask(srv.port, credentials("client")) == "Hello, actor");
}

TEST_CASE("a TLS server refuses a client certificate of an untrusted CA") {
  server srv{credentials("server")};
  auto reply = ask(srv.port, credentials("rogue-client", "ca"));
  CHECK(reply.find("error: cannot connect to 127.0.0.1:") == 0);
  CHECK(reply.find("the peer refused the handshake with alert 'unknown CA'") != std::string::npos);
  auto refused = server_refusals();
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].reason.find("refused the peer's certificate: unable to get local issuer "
                               "certificate (/CN=actorbench rogue client)")
        == 0);
  CHECK(ask(srv.port, credentials("client")) == "Hello, actor");
}

TEST_CASE("a TLS server refuses an expired client certificate") {
  server srv{credentials("server")};
  auto reply = ask(srv.port, credentials("expired-client"));
  CHECK(reply.find("error: cannot connect") == 0);
  CHECK(reply.find("alert 'certificate expired'") != std::string::npos);
  auto refused = server_refusals();
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].reason.find("certificate has expired") != std::string::npos);
  CHECK(ask(srv.port, credentials("client")) == "Hello, actor");
}

TEST_CASE("a TLS client refuses a server whose certificate its CA did not sign") {
  server srv{credentials("server")};
  auto reply = ask(srv.port, credentials("client", "rogue-ca"));
  CHECK(reply.find("error: cannot connect") == 0);
  // OpenSSL sends the server's chain up to its CA, which the client does not trust.
  CHECK(reply.find("refused the peer's certificate: self-signed certificate in certificate "
                   "chain (/CN=actorbench test CA)")
        != std::string::npos);
  auto refused = server_refusals();
  REQUIRE(refused.size() == 1);
  CHECK(refused[0].reason == "the peer refused the handshake with alert 'unknown CA'");
}

TEST_CASE("TLS settings with a key that does not match the certificate are refused up front") {
  auto rt = actors::remote_runtime::create(settings(credentials("mismatched-client")));
  REQUIRE(!rt);
  CHECK(rt.err().code == actors::errc::bad_parameter);
  CHECK(rt.err().detail.find("does not match the certificate") != std::string::npos);
}

TEST_CASE("a server certificate that clients will refuse is named, with the reason") {
  CHECK(actors::server_certificate_problems(credentials("server")).empty());
  auto expired = actors::server_certificate_problems(credentials("expired-server"));
  REQUIRE(expired.size() == 1);
  CHECK(expired[0].find("expired-server.pem' expired on ") != std::string::npos);
  auto client_only = actors::server_certificate_problems(credentials("client"));
  REQUIRE(client_only.size() == 1);
  CHECK(client_only[0].find("client.pem' is not for a TLS server, its extended key usage does not "
                            "include serverAuth")
        != std::string::npos);
}

TEST_CASE("TLS settings with missing or garbage files are refused up front") {
  auto missing = credentials("client");
  missing.ca = pki("no-such-ca.pem");
  auto rt = actors::remote_runtime::create(settings(missing));
  REQUIRE(!rt);
  CHECK(rt.err().detail.find("cannot read CA certificate '") == 0);
  auto garbage = credentials("client");
  garbage.certificate = pki("client.key");
  rt = actors::remote_runtime::create(settings(garbage));
  REQUIRE(!rt);
  CHECK(rt.err().detail.find("no PEM certificate") != std::string::npos);
}

TEST_CASE("publishing on a port in use fails with the port named") {
  server srv{std::nullopt};
  auto rt = actors::remote_runtime::create(settings(std::nullopt));
  REQUIRE(rt);
  auto hello =
    (*rt)->system().spawn(actors::hello_actor, std::make_shared<std::atomic<std::uint64_t>>(0));
  auto bound = (*rt)->publish(hello, srv.port, "127.0.0.1", 5s);
  REQUIRE(!bound);
  CHECK(bound.err().code == actors::errc::network_failure);
  CHECK(bound.err().detail.find("cannot listen on port " + std::to_string(srv.port)) == 0);
  caf::anon_send_exit(hello, caf::exit_reason::user_shutdown);
}

TEST_CASE("CAF's anonymous-cipher mode never connects in a program with the TLS monitor") {
  // The openssl module with no certificate, key or CA: CAF would use
  // unauthenticated anonymous ciphers. tls_monitor's SSL_new refuses them.
  actors::tls_monitor::install();
  auto anonymous = [] {
    auto cfg = std::make_unique<caf::actor_system_config>();
    cfg->load<caf::io::middleman>();
    cfg->load<caf::openssl::manager>();
    cfg->set("scheduler.max-threads", std::size_t{1});
    return cfg;
  };
  auto server_cfg = anonymous();
  caf::actor_system server_sys{*server_cfg};
  auto hello =
    server_sys.spawn(actors::hello_actor, std::make_shared<std::atomic<std::uint64_t>>(0));
  auto port = caf::openssl::publish(hello, 0, "127.0.0.1", true);
  REQUIRE(port);
  {
    auto client_cfg = anonymous();
    caf::actor_system client_sys{*client_cfg};
    auto connect =
      caf::make_function_view(client_sys.openssl_manager().actor_handle(), caf::duration{5s});
    auto res = connect(caf::connect_atom_v, std::string{"127.0.0.1"}, *port);
    CHECK(!res);
    if (!res)
      CHECK(res.error() != caf::sec::request_timeout); // refused at once, not hanging
  }
  caf::anon_send_exit(hello, caf::exit_reason::user_shutdown);
}

TEST_CASE("SSL_new called from outside libcaf_openssl is not refused") {
  // An embedder's own TLS code, here this test: a context that does not
  // verify its peer gets an SSL object, without the monitor's callbacks.
  // Only libcaf_openssl's calls are held to verification (the test above).
  SSL_CTX* ctx = SSL_CTX_new(TLS_client_method());
  REQUIRE(ctx != nullptr);
  SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nullptr);
  SSL* ssl = SSL_new(ctx);
  CHECK(ssl != nullptr);
  if (ssl != nullptr) {
    bool watched = SSL_get_info_callback(ssl) != nullptr;
    CHECK(!watched);
    SSL_free(ssl);
  }
  SSL_CTX_free(ctx);
}
