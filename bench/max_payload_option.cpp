#include "bench/max_payload_option.hpp"

#include "actors/remote/basp_payload_limit.hpp"
#include "bench/byte_size.hpp"

namespace actorbench::bench {

void add_max_payload_option(CLI::App& cmd, std::string& value) {
  cmd.add_option("--max-payload", value,
                 "Largest message a peer may announce; a larger announcement drops its "
                 "connection before any memory is set aside for it")
    ->default_str("1M");
}

result<std::uint32_t> parse_max_payload(const std::string& text) {
  if (text.empty())
    return actors::basp_payload_limit::default_limit;
  auto bytes = parse_byte_size("--max-payload", text, 1024, 4095ull << 20, "1K", "4095M");
  if (!bytes)
    return bytes.err();
  return static_cast<std::uint32_t>(*bytes);
}

} // namespace actorbench::bench
