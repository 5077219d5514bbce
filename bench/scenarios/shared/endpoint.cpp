#include "bench/scenarios/shared/endpoint.hpp"

#include "actors/remote/endpoint_name.hpp"
#include "bench/harness/value_list.hpp"

namespace actorbench::bench {

namespace {

bool all_digits(const std::string& s) {
  return !s.empty() && s.size() <= 5 && s.find_first_not_of("0123456789") == std::string::npos;
}

} // namespace

result<std::uint16_t> parse_port(const std::string& option, const std::string& text) {
  if (!all_digits(text) || std::stoul(text) > 65535)
    return bad_input("invalid " + option + " '" + text + "': expected a port from 0 to 65535");
  return static_cast<std::uint16_t>(std::stoul(text));
}

std::string to_string(const endpoint& e) {
  return actors::endpoint_name(e.host, e.port);
}

result<endpoint> parse_endpoint(const std::string& option, const std::string& text) {
  auto bad = [&] {
    return bad_input("invalid " + option + " '" + text
                     + "': expected HOST:PORT with a port from 1 to 65535, e.g. 127.0.0.1:4242");
  };
  auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0)
    return bad();
  std::string host = text.substr(0, colon);
  if (host.front() == '[') {
    if (host.size() < 3 || host.back() != ']')
      return bad();
    host = host.substr(1, host.size() - 2);
  } else if (host.find(':') != std::string::npos) {
    // "::1:4242" could be an address and a port or an address alone.
    return bad_input("invalid " + option + " '" + text
                     + "': an IPv6 address needs brackets, e.g. [::1]:4242");
  }
  auto port = text.substr(colon + 1);
  if (!all_digits(port) || std::stoul(port) == 0 || std::stoul(port) > 65535)
    return bad();
  return endpoint{host, static_cast<std::uint16_t>(std::stoul(port))};
}

result<std::vector<endpoint>> parse_endpoint_list(const std::string& option,
                                                  const std::string& text) {
  auto words = parse_word_list(option, text);
  if (!words)
    return words.err();
  std::vector<endpoint> out;
  for (const auto& w : *words) {
    auto e = parse_endpoint(option, w);
    if (!e)
      return e.err();
    for (const auto& seen : out)
      if (seen.host == e->host && seen.port == e->port)
        return bad_input("invalid " + option + " '" + text + "': " + w + " is given twice");
    out.push_back(*e);
  }
  return out;
}

} // namespace actorbench::bench
