#include "bench/reporter.hpp"

namespace actorbench::bench {

namespace {

class csv_reporter : public reporter {
 public:
  void write(const report& r, std::ostream& out) const override {
    out << "scenario,procs,crypto,backend,cipher,threads,policy,spawn,context,run,replies_in_s,"
           "spawn_done_s,teardown_done_s,start_rss_bytes,peak_rss_bytes,mismatches_all_runs\n";
    for (const auto& x : r.results)
      for (std::size_t i = 0; i < x.samples_s.size(); ++i) {
        out << x.scenario << ',' << x.procs << ',' << (x.crypto ? "on" : "off") << ',' << x.backend
            << ',' << x.cipher << ',' << x.threads << ',' << x.policy << ',' << x.spawn << ','
            << x.context << ',' << i + 1 << ',' << x.samples_s[i] << ',' << x.spawn_s[i] << ','
            << x.teardown_s[i] << ',';
        if (i < x.peak_rss_bytes.size())
          out << x.start_rss_bytes[i] << ',' << x.peak_rss_bytes[i];
        else
          out << ',';
        out << ',' << x.mismatches << '\n';
      }
  }
};

} // namespace

std::unique_ptr<reporter> make_csv_reporter() {
  return std::make_unique<csv_reporter>();
}

} // namespace actorbench::bench
