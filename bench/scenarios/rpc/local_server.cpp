#include "bench/scenarios/rpc/local_server.hpp"

#include <signal.h>
#include <unistd.h>

#include <climits>
#include <string>
#include <vector>

namespace actorbench::bench {

namespace {

/// The serve subcommand's arguments, this executable first.
std::vector<std::string> serve_arguments(const std::string& exe,
                                         const std::optional<actors::tls_settings>& tls,
                                         actors::hello_host hello_on) {
  std::vector<std::string> args{
    exe,         "serve",     "--port", "0",          "--bind",
    "127.0.0.1", "--threads", "1",      "--hello-on", std::string{actors::to_string(hello_on)}};
  if (tls)
    args.insert(args.end(),
                {"--tls", "--cert", tls->certificate, "--key", tls->key, "--ca", tls->ca});
  return args;
}

} // namespace

result<std::unique_ptr<local_server>> local_server::start(
  const std::optional<actors::tls_settings>& tls, actors::hello_host hello_on,
  const std::vector<int>& cpus, std::chrono::milliseconds timeout) {
  char exe[PATH_MAX];
  auto len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
  if (len <= 0)
    return runtime_failure("cannot find this executable to start the local server");
  exe[len] = '\0';
  child_options options;
  options.die_with_parent = true;
  options.cpus = cpus;
  auto child = child_process::start(exe, serve_arguments(exe, tls, hello_on), options);
  if (!child)
    return runtime_failure("cannot start the local server: " + child.err().message());
  std::unique_ptr<local_server> server{new local_server(std::move(*child))};
  // "actorbench serve: listening on 127.0.0.1:PORT (...)"
  child_io io;
  server->child_.exchange(io, child_process::clock::now() + timeout, [](const child_io& so_far) {
    return so_far.out.find('\n') == std::string::npos;
  });
  auto line = io.out.substr(0, io.out.find('\n'));
  auto at = line.find("listening on 127.0.0.1:");
  if (at == std::string::npos)
    return runtime_failure("the local server did not start within the timeout"
                           + (line.empty() ? std::string{} : ": " + line));
  server->port_ = static_cast<std::uint16_t>(std::stoul(line.substr(at + 23)));
  return server;
}

local_server::~local_server() {
  child_.signal(SIGTERM);
  // Drain its farewell (so it never blocks writing) and wait at most 5 s.
  auto deadline = child_process::clock::now() + std::chrono::seconds{5};
  child_io io;
  child_.exchange(io, deadline);
  child_.wait_until(deadline);
}

} // namespace actorbench::bench
