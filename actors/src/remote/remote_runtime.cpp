#include "actors/remote/remote_runtime.hpp"

#include <algorithm>
#include <cstdio>

#include <caf/function_view.hpp>
#include <caf/io/middleman.hpp>
#include <caf/openssl/manager.hpp>

#include "actors/remote/caf_protections.hpp"
#include "actors/remote/endpoint_name.hpp"
#include "remote/peer_greeting.hpp"
#include "remote/sigpipe_elision.hpp"
#include "remote/tls_read_ahead.hpp"
#include "actors/remote/tls_monitor.hpp"

namespace actorbench::actors {

namespace {

error network(std::string detail) {
  return error{errc::network_failure, std::move(detail)};
}

caf::io::middleman_actor middleman_of(caf::actor_system& sys, bool tls) {
  return tls ? sys.openssl_manager().actor_handle() : sys.middleman().actor_handle();
}

// "2 s", "0.5 s".
std::string seconds_text(std::chrono::milliseconds ms) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g s", static_cast<double>(ms.count()) / 1000);
  return buf;
}

std::string describe(caf::actor_system& sys, const caf::error& err) {
  if (err == caf::sec::request_timeout)
    return "timed out";
  if (err == caf::sec::disconnect_during_handshake)
    return "the peer closed the connection during the handshake";
  // CAF's rendering, e.g. system_error(cannot_connect_to_node, ("no such
  // host", ...)), follows a plain sentence.
  auto raw = sys.render(err);
  if (raw.find("no such host") != std::string::npos)
    return "no such host (" + raw + ")";
  if (err == caf::sec::cannot_connect_to_node)
    return "connection refused or host unreachable (" + raw + ")";
  if (err == caf::sec::cannot_open_port)
    return "port in use or address not on this machine (" + raw + ")";
  return raw;
}

} // namespace

result<std::unique_ptr<remote_runtime>> remote_runtime::create(const remote_settings& settings) {
  if (settings.tls) {
    auto ok = check(*settings.tls);
    if (!ok)
      return ok.err();
  }
  auto missing = caf_protections::enable(settings.tls.has_value());
  if (!missing.empty() && settings.require_caf_protections)
    return error{errc::bad_parameter,
                 "cannot start remote actors: "
                   + caf_protections::refusal(missing,
                                              "remote_settings::require_caf_protections = false")};
  return std::unique_ptr<remote_runtime>{new remote_runtime(settings)};
}

remote_runtime::remote_runtime(const remote_settings& settings)
  : tls_(settings.tls.has_value()), threads_(configure_scheduler(config_, settings.scheduler)) {
  config_.load<caf::io::middleman>();
  config_.set("middleman.workers", settings.middleman_workers);
  // create() enabled fd_reserve and the others (caf_protections).
  basp_payload_limit::set(settings.max_payload);
  if (settings.add_message_types)
    settings.add_message_types(config_);
  if (tls_) {
    // All three set: CAF's session then requires and verifies a certificate
    // on both sides (SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT).
    config_.openssl_certificate = settings.tls->certificate;
    config_.openssl_key = settings.tls->key;
    config_.openssl_cafile = settings.tls->ca;
    config_.load<caf::openssl::manager>();
    tls_monitor::set_handshake_timeout(settings.handshake_timeout);
    if (settings.elide_sigpipe_masking)
      sigpipe_elision::enable();
    if (settings.tls_read_ahead)
      tls_read_ahead::enable();
  }
  system_ = std::make_unique<caf::actor_system>(config_);
}

remote_runtime::~remote_runtime() {
  system_.reset();
}

result<std::uint16_t> remote_runtime::publish(const caf::actor& whom, std::uint16_t port,
                                              const std::string& address,
                                              std::chrono::milliseconds timeout) {
  auto f = caf::make_function_view(middleman_of(*system_, tls_), caf::duration{timeout});
  auto res = f(caf::publish_atom_v, port, caf::actor_cast<caf::strong_actor_ptr>(whom),
               system_->message_types(whom), address, true);
  if (!res)
    return network("cannot listen on port " + std::to_string(port)
                   + (address.empty() ? "" : " of " + address) + ": "
                   + describe(*system_, res.error()));
  return *res;
}

result<caf::actor> remote_runtime::connect(const std::string& host, std::uint16_t port,
                                           std::chrono::milliseconds timeout) {
  if (tls_)
    tls_monitor::take_refusals(false); // only this attempt's count below
  basp_payload_limit::take();          // only this attempt's below
  auto started = std::chrono::steady_clock::now();
  auto f = caf::make_function_view(middleman_of(*system_, tls_), caf::duration{timeout});
  auto res = f(caf::connect_atom_v, host, port);
  auto where = endpoint_name(host, port) + (tls_ ? " over TLS" : "");
  if (!res)
    return network("cannot connect to " + where + ": "
                   + why_not_connected(host, port, res.error(), timeout,
                                       std::chrono::steady_clock::now() - started));
  auto& ptr = std::get<1>(*res);
  if (!ptr)
    return network("cannot connect to " + where + ": no actor is published there");
  return caf::actor_cast<caf::actor>(std::move(ptr));
}

std::string remote_runtime::why_not_connected(const std::string& host, std::uint16_t port,
                                              const caf::error& err,
                                              std::chrono::milliseconds timeout,
                                              std::chrono::steady_clock::duration spent) {
  if (auto dropped = basp_payload_limit::take(); !dropped.first.empty())
    return "the connection was dropped: " + to_string(dropped.first.back());
  if (err == caf::sec::request_timeout)
    return "no answer within " + seconds_text(timeout)
           + " (the server is stopped, or speaks another protocol and waits for the client)";
  if (tls_) {
    std::string reason = describe(*system_, err);
    for (auto& r : tls_monitor::take_refusals(false).kept)
      reason = r.reason;
    // OpenSSL's words for a first record that is not TLS.
    if (reason.find("wrong version number") != std::string::npos
        || reason.find("packet length too long") != std::string::npos)
      reason += " (the server answered without TLS: is it a plain one?)";
    return reason;
  }
  if (err != caf::sec::disconnect_during_handshake && err != caf::sec::malformed_basp_message)
    return describe(*system_, err);
  // Listen to the peer for what is left of the timeout, at most half a
  // second: a greeting comes at once, and silence is all a TLS server says.
  auto left = timeout - std::chrono::duration_cast<std::chrono::milliseconds>(spent);
  auto wait = std::clamp(left, std::chrono::milliseconds{0}, std::chrono::milliseconds{500});
  auto how =
    err == caf::sec::malformed_basp_message ? handshake_end::garbled : handshake_end::closed;
  return explain_failed_handshake(how, listen_to_peer(host, port, wait));
}

} // namespace actorbench::actors
