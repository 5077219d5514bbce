#include "command_line.hpp"

#include <sys/resource.h>

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdlib>
#include <sstream>
#include <thread>

#include <CLI/CLI.hpp>

#include "crypto/registry.hpp"

namespace game {

namespace crypto = actorbench::crypto;

namespace {

std::string bad(std::string_view name, const std::string& text, const std::string& expected) {
  return "invalid " + std::string{name} + " '" + text + "': expected " + expected;
}

volatile std::sig_atomic_t stop_flag = 0;

extern "C" void on_stop_signal(int) {
  stop_flag = 1;
}

} // namespace

std::optional<command_line_exit> parse_command_line(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp&) {
    return command_line_exit{0, app.help()};
  } catch (const CLI::ParseError& e) {
    return command_line_exit{2, e.what()};
  }
  return std::nullopt;
}

parsed<transport> parse_transport(const std::string& text) {
  if (text == "tcp")
    return transport::tcp;
  if (text == "udp")
    return transport::udp;
  return bad("--transport", text, "tcp or udp");
}

parsed<std::uint64_t> parse_integer(std::string_view name, const std::string& text,
                                    std::uint64_t min, std::uint64_t max) {
  const std::string expected =
    "an integer from " + std::to_string(min) + " to " + std::to_string(max);
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 19)
    return bad(name, text, expected);
  auto x = std::stoull(text);
  if (x < min || x > max)
    return bad(name, text, expected);
  return x;
}

parsed<double> parse_number(std::string_view name, const std::string& text, double min, double max,
                            std::string_view unit) {
  auto expected = [&] {
    std::ostringstream out;
    out << (unit.empty() ? "a number" : unit) << " from " << min << " to " << max;
    return out.str();
  };
  char* end = nullptr;
  double x = text.empty() ? NAN : std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(x) || x < min || x > max)
    return bad(name, text, expected());
  return x;
}

parsed<std::chrono::duration<double>> parse_seconds(std::string_view name, const std::string& text,
                                                    double min, double max) {
  auto x = parse_number(name, text, min, max, "seconds");
  if (!x)
    return x.err();
  return std::chrono::duration<double>{*x};
}

parsed<aead_choice> find_aead(const std::string& name) {
  std::string names;
  for (const auto* b : crypto::registry::instance().backends()) {
    // The back-end's own lookup, so that its older names (libsodium's
    // "chacha20-poly1305-ietf") pick it as they do in actorbench.
    if (const auto* c = b->find_cipher(name); c != nullptr && c->aead && c->available)
      return aead_choice{b, c};
    for (const auto& c : b->ciphers())
      if (c.aead && c.available && names.find(c.name) == std::string::npos)
        names += (names.empty() ? "" : ", ") + c.name;
  }
  return bad("--cipher", name, "one of " + names);
}

void catch_stop_signals() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

bool stop_requested() noexcept {
  return stop_flag != 0;
}

bool wait_for_stop(std::chrono::duration<double> limit, const std::function<void()>& tick) {
  using clock = std::chrono::steady_clock;
  const auto end = clock::now() + std::chrono::duration_cast<clock::duration>(limit);
  while (!stop_requested()) {
    if (limit.count() > 0 && clock::now() >= end)
      return false;
    std::this_thread::sleep_for(std::chrono::milliseconds{20});
    if (tick)
      tick();
  }
  return true;
}

std::uint64_t raise_open_files_limit() noexcept {
  rlimit lim{};
  if (getrlimit(RLIMIT_NOFILE, &lim) != 0)
    return 1024;
  if (lim.rlim_cur < lim.rlim_max) {
    lim.rlim_cur = lim.rlim_max;
    setrlimit(RLIMIT_NOFILE, &lim);
    getrlimit(RLIMIT_NOFILE, &lim);
  }
  return lim.rlim_cur;
}

} // namespace game
