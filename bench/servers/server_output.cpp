#include "bench/servers/server_output.hpp"

#include <iostream>

#include "bench/output/standard_output.hpp"

namespace actorbench::bench {

int server_failure(std::ostream& err, const error& e) {
  err << "actorbench: " << e.message << std::endl;
  return exit_code(e.code);
}

result<void> announce(std::ostream& out, const std::string& line) {
  out << line << std::endl;
  if (&out == &std::cout)
    return flush_standard_output();
  if (!out)
    return runtime_failure("cannot write the line: " + line);
  return {};
}

void warn_about_server_certificate(const std::string& prefix, const actors::tls_settings& tls,
                                   std::ostream& err) {
  for (const auto& problem : actors::server_certificate_problems(tls))
    err << prefix << "warning: " << problem << std::endl;
}

} // namespace actorbench::bench
