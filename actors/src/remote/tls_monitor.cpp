#include "actors/remote/tls_monitor.hpp"

#include <sys/socket.h>

#include <openssl/err.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <sstream>
#include <unordered_set>
#include <utility>

#include "remote/interpose/caf_openssl_code.hpp"
#include "remote/interpose/ssl_new.hpp"
#include "remote/socket_peer.hpp"
#include "remote/tls_read_ahead.hpp"

namespace actorbench::actors::tls_monitor {

namespace {

std::mutex mutex;
// Guarded by mutex; index: as_server.
std::vector<refusal> waiting[2];
std::size_t not_kept[2] = {0, 0};
std::atomic<std::size_t> completed{0};
std::atomic<bool> wrapper_called{false};
std::atomic<std::int64_t> handshake_timeout_ms{0};

// What the monitor keeps per connection, in the SSL object's ex_data.
struct connection_info {
  const std::chrono::steady_clock::time_point created = std::chrono::steady_clock::now();
  // Written once, under mutex, when the handshake starts; read by
  // close_overdue_handshakes under mutex.
  std::string peer = "unknown peer";
  int fd = -1;
  bool as_server = false;
  // Guarded by mutex.
  bool shut_down = false;
  std::atomic<bool> handshake_done{false};
  std::atomic<bool> recorded{false};
};

// Connections whose handshake has started and not completed; guarded by
// mutex. An entry leaves before its SSL object is freed, and CAF frees the
// SSL object before it closes the socket.
std::unordered_set<connection_info*> handshaking;

void free_info(void*, void* ptr, CRYPTO_EX_DATA*, int, long, void*) {
  auto* info = static_cast<connection_info*>(ptr);
  if (info == nullptr)
    return;
  {
    std::lock_guard<std::mutex> guard{mutex};
    handshaking.erase(info);
  }
  delete info;
}

int info_index() {
  static const int index = SSL_get_ex_new_index(0, nullptr, nullptr, nullptr, free_info);
  return index;
}

connection_info* info_of(const SSL* ssl) {
  return static_cast<connection_info*>(SSL_get_ex_data(ssl, info_index()));
}

// The last verification failure of this thread; OpenSSL reports it through
// the verify callback and then, in the same call, sends the fatal alert.
thread_local std::string last_verify_failure;

std::string peer_of(const SSL* ssl) {
  return socket_peer(SSL_get_fd(ssl));
}

// OpenSSL's reason for the error on this thread's queue, if any: the current
// call's, since tls_error_queue empties the queue before each of CAF's calls.
std::string queued_reason() {
  auto code = ERR_peek_last_error();
  const char* why = code != 0 ? ERR_reason_error_string(code) : nullptr;
  return why ? why : "";
}

// Keeps or counts a refusal; mutex held.
void keep(bool as_server, const std::string& peer, std::string reason) {
  if (waiting[as_server].size() < max_waiting_refusals)
    waiting[as_server].push_back({as_server, peer, std::move(reason)});
  else
    ++not_kept[as_server];
}

void record(const SSL* ssl, std::string reason) {
  auto* info = info_of(ssl);
  // One refusal per connection: the first reason is the cause.
  if (info == nullptr || info->recorded.exchange(true))
    return;
  bool as_server = SSL_is_server(const_cast<SSL*>(ssl)) == 1;
  std::lock_guard<std::mutex> guard{mutex};
  keep(as_server, info->peer, std::move(reason));
}

int on_verify(int ok, X509_STORE_CTX* store) {
  if (!ok) {
    last_verify_failure = X509_verify_cert_error_string(X509_STORE_CTX_get_error(store));
    if (auto* cert = X509_STORE_CTX_get_current_cert(store)) {
      char subject[256];
      X509_NAME_oneline(X509_get_subject_name(cert), subject, sizeof(subject));
      last_verify_failure += std::string{" ("} + subject + ")";
    }
  }
  return ok; // OpenSSL's verdict stands
}

// OpenSSL 3.0 names no TLS 1.3-only alert ("unknown").
std::string alert_name(int value) {
  switch (value & 0xff) {
    case 109:
      return "missing extension";
    case 116:
      return "certificate required";
    case 120:
      return "no application protocol";
  }
  return SSL_alert_desc_string_long(value);
}

void on_info(const SSL* ssl, int where, int ret) {
  auto* info = info_of(ssl);
  if (info == nullptr)
    return;
  if (where & SSL_CB_HANDSHAKE_START) {
    // Now the socket is set; later the peer may already be gone.
    if (info->fd < 0 && !info->handshake_done) {
      auto peer = peer_of(ssl);
      std::lock_guard<std::mutex> guard{mutex};
      info->peer = std::move(peer);
      info->fd = SSL_get_fd(ssl);
      info->as_server = SSL_is_server(const_cast<SSL*>(ssl)) == 1;
      handshaking.insert(info);
    }
  } else if (where & SSL_CB_HANDSHAKE_DONE) {
    if (!info->handshake_done.exchange(true)) {
      ++completed;
      std::lock_guard<std::mutex> guard{mutex};
      handshaking.erase(info);
    }
  } else if ((where & SSL_CB_ALERT) && std::string_view{SSL_alert_type_string(ret)} == "F") {
    auto alert = alert_name(ret);
    if (where & SSL_CB_READ) {
      // A TLS 1.3 client hears that its certificate was refused only after
      // its side of the handshake is done, so received alerts always count.
      record(ssl, "the peer refused the handshake with alert '" + alert + "'");
    } else if (info->handshake_done) {
      // e.g. "decode error" when the peer hangs up without close_notify
    } else if (!last_verify_failure.empty()) {
      record(ssl, "refused the peer's certificate: " + last_verify_failure);
      last_verify_failure.clear();
    } else {
      auto why = queued_reason();
      record(ssl, "refused the peer with alert '" + alert + "'" + (why.empty() ? "" : ": " + why));
    }
  } else if ((where & SSL_CB_EXIT) && ret <= 0 && !info->handshake_done) {
    // Ended without an alert, e.g. the peer speaks plain TCP or hung up.
    // (ret < 0 with an empty error queue is only "wait for the socket".)
    auto why = queued_reason();
    if (ret == 0 || !why.empty())
      record(ssl, "handshake failed: "
                    + (why.empty() ? std::string{"the peer closed the connection"} : why));
  }
}

} // namespace

std::atomic<bool> detail::linked{false};

bool install() {
  info_index();
  return detail::linked.load() && caf_openssl_code::locate();
}

bool active() {
  return wrapper_called;
}

refusals take_refusals(bool as_server) {
  std::lock_guard<std::mutex> guard{mutex};
  return {std::exchange(waiting[as_server], {}), std::exchange(not_kept[as_server], 0)};
}

void set_handshake_timeout(std::chrono::milliseconds timeout) {
  handshake_timeout_ms = timeout.count();
}

std::size_t close_overdue_handshakes() {
  std::chrono::milliseconds limit{handshake_timeout_ms.load()};
  if (limit.count() <= 0)
    return 0;
  std::ostringstream reason;
  reason << "TLS handshake not completed within " << limit.count() / 1000.0 << " s";
  auto now = std::chrono::steady_clock::now();
  std::size_t closed = 0;
  std::lock_guard<std::mutex> guard{mutex};
  for (auto* info : handshaking) {
    // (Done but not yet erased: its thread is waiting for the mutex.)
    if (!info->as_server || info->shut_down || info->fd < 0 || info->handshake_done
        || now - info->created < limit)
      continue;
    // Recorded first: the end of file CAF then reads is not the cause.
    if (!info->recorded.exchange(true))
      keep(true, info->peer, reason.str());
    // From this thread only a shutdown: closing would free the socket
    // number while CAF still uses it.
    ::shutdown(info->fd, SHUT_RDWR);
    info->shut_down = true;
    ++closed;
  }
  return closed;
}

std::size_t handshakes_completed() {
  return completed;
}

void detail::watch(SSL* ssl) {
  wrapper_called = true;
  SSL_set_ex_data(ssl, info_index(), new connection_info);
  SSL_set_info_callback(ssl, on_info);
  SSL_set_verify(ssl, SSL_get_verify_mode(ssl), on_verify);
  tls_read_ahead::configure(ssl);
}

} // namespace actorbench::actors::tls_monitor
