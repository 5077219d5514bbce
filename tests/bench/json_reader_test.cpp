#include <doctest/doctest.h>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench/json_reader.hpp"
#include "bench/reporter.hpp"

using namespace actorbench::bench;

namespace {

// A file in the temporary directory, removed when the object goes.
class temp_file {
 public:
  explicit temp_file(const std::string& content) {
    static std::atomic<int> counter{0};
    path_ = (std::filesystem::temp_directory_path()
             / ("actorbench_json_reader_" + std::to_string(getpid()) + "_"
                + std::to_string(counter++) + ".json"))
              .string();
    std::ofstream out{path_, std::ios::binary};
    out << content;
  }
  ~temp_file() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  temp_file(const temp_file&) = delete;
  temp_file& operator=(const temp_file&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

report sample_report() {
  fanout_result a;
  a.procs = 100000;
  a.crypto = true;
  a.backend = "openssl";
  a.cipher = "aes-128-ctr";
  a.runs = 3;
  a.warmup = 2;
  a.threads = 4;
  a.policy = "sharing";
  a.spawn = "chain";
  a.context = "per-thread";
  a.samples_s = {0.30000000000000004, 0.1, 0.2234567890123};
  a.spawn_s = {0.05, 0.051, 0.052};
  a.teardown_s = {0.31, 0.11, 0.21};
  a.mismatches = 7;
  a.wrong_plaintext = 1;
  a.failed_decrypts = 2;
  a.duplicate_ids = 3;
  a.missing_ids = 1;
  a.payload.plaintext = "Hello World!";
  a.payload.key = {0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef};
  a.payload.nonce = {0, 0, 0, 0};
  a.payload.ciphertext = {0xd3, 0x3b, 0xff};
  a.start_rss_bytes = {1000, 2000, 18446744073709551615ull};
  a.peak_rss_bytes = {5000, 6000, 18446744073709551615ull};

  fanout_result b;
  b.procs = 10;
  b.crypto = false;
  b.backend = "none";
  b.cipher = "none";
  b.runs = 1;
  b.warmup = 0;
  b.threads = 1;
  b.policy = "stealing";
  b.spawn = "main";
  b.context = "per-message";
  b.samples_s = {1e-9};
  b.spawn_s = {0};
  b.teardown_s = {2.5};

  report rep;
  rep.tool_version = "1.2.3";
  rep.allocator = "jemalloc";
  rep.machine.cpu_model = "Some CPU @ 3.00GHz";
  rep.machine.cores = 8;
  rep.machine.aes = true;
  rep.machine.avx2 = false;
  rep.machine.kernel = "Linux 6.1.0";
  rep.machine.memory_bytes = 17179869184ull;
  rep.machine.caf_version = "0.17.6";
  rep.machine.openssl_version = "OpenSSL 3.0.11";
  rep.machine.libsodium_version = "1.0.18";
  rep.machine.hostname = "bench-host";
  rep.results = {a, b};
  rep.reference = 1;
  rep.order.shuffle = true;
  rep.order.seed = 12345678901234567890ull;
  return rep;
}

std::string to_json_text(const report& rep) {
  std::ostringstream out;
  make_json_reporter()->write(rep, out);
  return out.str();
}

void check_same(const fanout_result& x, const fanout_result& y) {
  CHECK(x.scenario == y.scenario);
  CHECK(x.procs == y.procs);
  CHECK(x.crypto == y.crypto);
  CHECK(x.backend == y.backend);
  CHECK(x.cipher == y.cipher);
  CHECK(x.runs == y.runs);
  CHECK(x.warmup == y.warmup);
  CHECK(x.threads == y.threads);
  CHECK(x.policy == y.policy);
  CHECK(x.spawn == y.spawn);
  CHECK(x.context == y.context);
  // Doubles are written with round-trip precision, so they compare exactly.
  CHECK(x.samples_s == y.samples_s);
  CHECK(x.spawn_s == y.spawn_s);
  CHECK(x.teardown_s == y.teardown_s);
  CHECK(x.mismatches == y.mismatches);
  CHECK(x.wrong_plaintext == y.wrong_plaintext);
  CHECK(x.failed_decrypts == y.failed_decrypts);
  CHECK(x.duplicate_ids == y.duplicate_ids);
  CHECK(x.missing_ids == y.missing_ids);
  CHECK(x.payload.plaintext == y.payload.plaintext);
  CHECK(x.payload.key == y.payload.key);
  CHECK(x.payload.nonce == y.payload.nonce);
  CHECK(x.payload.ciphertext == y.payload.ciphertext);
  CHECK(x.start_rss_bytes == y.start_rss_bytes);
  CHECK(x.peak_rss_bytes == y.peak_rss_bytes);
}

// The error of reading `content` from a file, checked to be bad input on one
// line naming the file.
std::string read_error(const std::string& content) {
  temp_file file{content};
  auto rep = read_report(file.path());
  REQUIRE_FALSE(rep);
  CHECK(rep.err().code == errc::bad_input);
  const auto& message = rep.err().message;
  CHECK(message.find("'" + file.path() + "'") != std::string::npos);
  CHECK(message.find('\n') == std::string::npos);
  return message;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("a report written by the JSON reporter reads back with every field") {
  auto original = sample_report();
  temp_file file{to_json_text(original)};
  auto rep = read_report(file.path());
  REQUIRE(rep);
  CHECK(rep->tool_version == original.tool_version);
  CHECK(rep->allocator == original.allocator);
  CHECK(rep->machine.cpu_model == original.machine.cpu_model);
  CHECK(rep->machine.cores == original.machine.cores);
  CHECK(rep->machine.aes == original.machine.aes);
  CHECK(rep->machine.avx2 == original.machine.avx2);
  CHECK(rep->machine.kernel == original.machine.kernel);
  CHECK(rep->machine.memory_bytes == original.machine.memory_bytes);
  CHECK(rep->machine.caf_version == original.machine.caf_version);
  CHECK(rep->machine.openssl_version == original.machine.openssl_version);
  CHECK(rep->machine.libsodium_version == original.machine.libsodium_version);
  CHECK(rep->machine.hostname == original.machine.hostname);
  CHECK(rep->reference == original.reference);
  CHECK(rep->order.shuffle == original.order.shuffle);
  CHECK(rep->order.seed == original.order.seed);
  REQUIRE(rep->results.size() == 2);
  check_same(rep->results[0], original.results[0]);
  check_same(rep->results[1], original.results[1]);
  // Written again, it is the same document.
  CHECK(to_json_text(*rep) == to_json_text(original));
}

TEST_CASE("fields added to the format later default when absent") {
  auto doc = nlohmann::json::parse(to_json_text(sample_report()));
  doc["tool"].erase("allocator");
  doc.erase("order");
  doc.erase("reference");
  for (auto& x : doc["results"]) {
    x["params"].erase("spawn");
    x["params"].erase("context");
    // The first format's memory section.
    x["memory"] = {{"idle_rss_bytes", 1000}, {"peak_rss_bytes", nullptr}};
  }
  auto rep = parse_report(doc.dump(), "old.json");
  REQUIRE(rep);
  CHECK(rep->allocator.empty());
  CHECK(rep->results[0].spawn == "main");
  CHECK(rep->results[1].spawn == "main");
  CHECK(rep->results[0].context == "per-actor");
  CHECK(rep->results[1].context == "per-actor");
  CHECK(rep->results[0].peak_rss_bytes.empty());
  CHECK(rep->results[0].start_rss_bytes.empty());
  CHECK_FALSE(rep->order.shuffle);
  CHECK(rep->order.seed == 0);
  CHECK(rep->reference == 0);
}

TEST_CASE("a cipher benchmark file is named as such") {
  auto doc = nlohmann::json::parse(to_json_text(sample_report()));
  doc["tool"]["benchmark"] = "cipher";
  auto rep = parse_report(doc.dump(), "c.json");
  REQUIRE_FALSE(rep);
  CHECK(rep.err().code == errc::bad_input);
  CHECK(rep.err().message == "'c.json' holds cipher benchmark results, not fan-out results");
}

TEST_CASE("a truncated file is not valid JSON") {
  auto text = to_json_text(sample_report());
  auto message = read_error(text.substr(0, text.size() / 2));
  CHECK(contains(message, "is not valid JSON: "));
  CHECK_FALSE(contains(message, "[json.exception"));
}

TEST_CASE("JSON of another tool is not an actorbench result file") {
  CHECK(contains(read_error(R"({"a":1})"), "is not an actorbench result file"));
  CHECK(contains(read_error("[1, 2, 3]"), "is not an actorbench result file"));
  CHECK(contains(read_error("\"actorbench\""), "is not an actorbench result file"));
  CHECK(contains(read_error(R"({"tool":{"name":"hyperfine"},"results":[]})"),
                 "is not an actorbench result file"));
  CHECK(contains(read_error(R"({"tool":{"name":"actorbench"},"results":{}})"),
                 "is not an actorbench result file"));
  CHECK(contains(read_error(R"({"tool":"actorbench","results":[]})"),
                 "is not an actorbench result file"));
}

TEST_CASE("samples_s as a string names the result and the field") {
  auto doc = to_json_text(sample_report());
  auto at = doc.find("\"samples_s\"", doc.find("\"samples_s\"") + 1); // the second result's
  REQUIRE(at != std::string::npos);
  auto open = doc.find('[', at);
  auto close = doc.find(']', open);
  doc.replace(open, close - open + 1, "\"fast\"");
  auto message = read_error(doc);
  CHECK(contains(message, "': results[1].samples_s is missing or not a list of numbers"));
}

TEST_CASE("a file that does not exist cannot be read") {
  auto rep = read_report("/nonexistent/actorbench/x.json");
  REQUIRE_FALSE(rep);
  CHECK(rep.err().code == errc::bad_input);
  CHECK(rep.err().message
        == "cannot read '/nonexistent/actorbench/x.json': No such file or directory");
}

TEST_CASE("a directory cannot be read") {
  auto dir = std::filesystem::temp_directory_path().string();
  auto rep = read_report(dir);
  REQUIRE_FALSE(rep);
  CHECK(rep.err().code == errc::bad_input);
  CHECK(contains(rep.err().message, "'" + dir + "'"));
}

TEST_CASE("an empty file is bad input") {
  CHECK(contains(read_error(""), "is empty"));
  CHECK(contains(read_error(" \n\t\n"), "is empty"));
}

namespace {

// JSON pointers to every value in `j`, the root included.
void all_pointers(const nlohmann::json& j, const std::string& at, std::vector<std::string>& out) {
  out.push_back(at);
  if (j.is_object())
    for (const auto& [key, value] : j.items())
      all_pointers(value, at + "/" + key, out);
  else if (j.is_array())
    for (std::size_t i = 0; i < j.size(); ++i)
      all_pointers(j[i], at + "/" + std::to_string(i), out);
}

} // namespace

TEST_CASE("any value replaced by any type gives a report or a one-line error") {
  const auto good = nlohmann::json::parse(to_json_text(sample_report()));
  std::vector<std::string> pointers;
  all_pointers(good, "", pointers);
  const std::vector<nlohmann::json> replacements = {nullptr,
                                                    -1,
                                                    0,
                                                    18446744073709551615ull,
                                                    1.5,
                                                    -2.5e300,
                                                    "x",
                                                    "",
                                                    true,
                                                    nlohmann::json::array(),
                                                    nlohmann::json::array({"a", -1}),
                                                    nlohmann::json::object()};
  std::size_t errors = 0;
  for (const auto& pointer : pointers)
    for (const auto& replacement : replacements) {
      auto doc = good;
      doc[nlohmann::json::json_pointer{pointer}] = replacement;
      auto rep = parse_report(doc.dump(), "h.json");
      if (rep)
        continue;
      ++errors;
      INFO(pointer << " = " << replacement.dump() << ": " << rep.err().message);
      CHECK(rep.err().code == errc::bad_input);
      CHECK(rep.err().message.find("'h.json'") != std::string::npos);
      CHECK(rep.err().message.find('\n') == std::string::npos);
    }
  CHECK(errors > 100);
}

TEST_CASE("negative counts and misfit lengths are errors") {
  auto good = nlohmann::json::parse(to_json_text(sample_report()));
  auto with = [&](const char* pointer, nlohmann::json value) {
    auto doc = good;
    doc[nlohmann::json::json_pointer{pointer}] = std::move(value);
    auto rep = parse_report(doc.dump(), "n.json");
    REQUIRE_FALSE(rep);
    CHECK(rep.err().code == errc::bad_input);
    return rep.err().message;
  };
  CHECK(with("/results/0/params/procs", -5)
        == "'n.json': results[0].params.procs is missing or not a positive integer");
  CHECK(with("/results/0/params/crypto", "yes")
        == "'n.json': results[0].params.crypto is missing or not \"on\" or \"off\"");
  CHECK(with("/results/0/memory/peak_rss_bytes", nlohmann::json::array({1, -2, 3}))
        == "'n.json': results[0].memory.peak_rss_bytes is missing or not a list of "
           "non-negative integers");
  CHECK(with("/results/0/memory/peak_rss_bytes", nlohmann::json::array({1}))
        == "'n.json': results[0].memory.start_rss_bytes and results[0].memory.peak_rss_bytes "
           "do not have one value per run");
  CHECK(with("/results/1/phases_s/spawn_done", nlohmann::json::array())
        == "'n.json': results[1].phases_s.spawn_done has 0 values but samples_s has 1");
  CHECK(with("/results/0/payload/key_hex", "abc")
        == "'n.json': results[0].payload.key_hex is not hex");
  CHECK(with("/reference", 2) == "'n.json': reference is 2 but there are only 2 results");
  CHECK(with("/results", nlohmann::json::array()) == "'n.json' holds no results");
  CHECK(with("/results/1", 3) == "'n.json': results[1] is not an object");
  CHECK(with("/results/0/params/procs", 1e6)
        == "'n.json': results[0].params.procs is missing or not a positive integer");
}

TEST_CASE("durations that no run can have and zero procs or threads are errors") {
  auto good = nlohmann::json::parse(to_json_text(sample_report()));
  auto with = [&](const char* pointer, nlohmann::json value) {
    auto doc = good;
    doc[nlohmann::json::json_pointer{pointer}] = std::move(value);
    auto rep = parse_report(doc.dump(), "s.json");
    REQUIRE_FALSE(rep);
    return rep.err().message;
  };
  const std::string seconds = " is missing or not a list of seconds from 0 to 1e9";
  CHECK(with("/results/0/samples_s/1", -0.5) == "'s.json': results[0].samples_s" + seconds);
  // Each is finite, but their mean overflows to infinity.
  CHECK(with("/results/0/samples_s", nlohmann::json::array({1e308, 1e308, 1e308}))
        == "'s.json': results[0].samples_s" + seconds);
  CHECK(with("/results/1/phases_s/teardown_done/0", -1)
        == "'s.json': results[1].phases_s.teardown_done" + seconds);
  CHECK(with("/results/0/params/procs", 0)
        == "'s.json': results[0].params.procs is missing or not a positive integer");
  CHECK(with("/results/0/params/threads", 0)
        == "'s.json': results[0].params.threads is missing or not a positive integer");
}

TEST_CASE("a large number of samples reads back") {
  auto rep = sample_report();
  rep.results[1].samples_s.assign(200000, 0.25);
  rep.results[1].spawn_s.assign(200000, 0.1);
  rep.results[1].teardown_s.assign(200000, 0.3);
  auto back = parse_report(to_json_text(rep), "big.json");
  REQUIRE(back);
  CHECK(back->results[1].samples_s.size() == 200000);
}

TEST_CASE("deeply nested JSON does not crash the reader") {
  std::string deep(100000, '[');
  deep += std::string(100000, ']');
  auto rep = parse_report(deep, "deep.json");
  REQUIRE_FALSE(rep);
  CHECK(rep.err().message == "'deep.json' is not an actorbench result file");
}

TEST_CASE("merging reports concatenates results and keeps the first context") {
  auto a = sample_report();
  auto b = sample_report();
  b.tool_version = "9.9.9";
  b.machine.hostname = "other";
  b.results.pop_back();
  b.results[0].procs = 42;
  auto merged = merge_reports({a, b});
  REQUIRE(merged);
  CHECK(merged->tool_version == "1.2.3");
  CHECK(merged->machine.hostname == "bench-host");
  CHECK(merged->reference == 0);
  REQUIRE(merged->results.size() == 3);
  CHECK(merged->results[0].procs == 100000);
  CHECK(merged->results[1].procs == 10);
  CHECK(merged->results[2].procs == 42);

  auto none = merge_reports({});
  REQUIRE_FALSE(none);
  CHECK(none.err().code == errc::bad_input);
}
