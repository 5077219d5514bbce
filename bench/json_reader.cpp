#include "bench/json_reader.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>

#include <nlohmann/json.hpp>

#include "crypto/bytes.hpp"

namespace actorbench::bench {

namespace {

using json = nlohmann::json;

// Thrown inside this file only, for a field that is missing or mistyped;
// read_report turns it into an error naming the file.
struct bad_field {
  std::string message;
};

// No run lasts longer (about 32 years); a file claiming one is corrupt.
constexpr double max_seconds = 1e9;

// One JSON object and where it sits in the document ("results[2].params").
class object_reader {
 public:
  object_reader(const json& obj, std::string where) : obj_(obj), where_(std::move(where)) {}

  const json* find(const char* key) const {
    if (!obj_.is_object())
      return nullptr;
    auto it = obj_.find(key);
    return it == obj_.end() ? nullptr : &*it;
  }

  bool has(const char* key) const { return find(key) != nullptr; }

  std::string name(const char* key) const {
    return where_.empty() ? std::string{key} : where_ + "." + key;
  }

  [[noreturn]] void fail(const char* key, const char* expected) const {
    throw bad_field{name(key) + " is missing or not " + expected};
  }

  object_reader object(const char* key) const {
    const json* v = find(key);
    if (!v || !v->is_object())
      fail(key, "an object");
    return {*v, name(key)};
  }

  std::string text(const char* key) const {
    const json* v = find(key);
    if (!v || !v->is_string())
      fail(key, "a string");
    return v->get<std::string>();
  }

  bool flag(const char* key) const {
    const json* v = find(key);
    if (!v || !v->is_boolean())
      fail(key, "true or false");
    return v->get<bool>();
  }

  // The parser stores non-negative integers as unsigned, negative ones as
  // signed and anything with a fraction, an exponent or beyond 64 bits as float.
  std::uint64_t count(const char* key) const {
    const json* v = find(key);
    if (!v || !v->is_number_unsigned())
      fail(key, "a non-negative integer");
    return v->get<std::uint64_t>();
  }

  std::vector<double> numbers(const char* key) const {
    const json* v = find(key);
    if (!v || !v->is_array())
      fail(key, "a list of numbers");
    std::vector<double> out;
    out.reserve(v->size());
    for (const auto& x : *v) {
      if (!x.is_number())
        fail(key, "a list of numbers");
      out.push_back(x.get<double>());
    }
    return out;
  }

  // At least 1: procs and threads divide figures the reporters print.
  std::uint64_t positive(const char* key) const {
    const json* v = find(key);
    if (!v || !v->is_number_unsigned() || v->get<std::uint64_t>() == 0)
      fail(key, "a positive integer");
    return v->get<std::uint64_t>();
  }

  // Measured durations: never negative, and far enough from the largest
  // double that the statistics over them stay finite.
  std::vector<double> seconds(const char* key) const {
    auto out = numbers(key);
    for (double x : out)
      if (!(x >= 0 && x <= max_seconds))
        fail(key, "a list of seconds from 0 to 1e9");
    return out;
  }

  std::vector<std::uint64_t> counts(const char* key) const {
    const json* v = find(key);
    if (!v || !v->is_array())
      fail(key, "a list of non-negative integers");
    std::vector<std::uint64_t> out;
    out.reserve(v->size());
    for (const auto& x : *v) {
      if (!x.is_number_unsigned())
        fail(key, "a list of non-negative integers");
      out.push_back(x.get<std::uint64_t>());
    }
    return out;
  }

  crypto::bytes hex(const char* key) const {
    auto decoded = crypto::from_hex(text(key));
    if (!decoded)
      throw bad_field{name(key) + " is not hex"};
    return std::move(*decoded);
  }

 private:
  const json& obj_;
  std::string where_;
};

machine_info read_machine(const object_reader& m) {
  machine_info out;
  out.cpu_model = m.text("cpu_model");
  out.cores = m.count("cores");
  out.aes = m.flag("aes");
  out.avx2 = m.flag("avx2");
  out.kernel = m.text("kernel");
  out.hostname = m.text("hostname");
  out.memory_bytes = m.count("memory_bytes");
  out.caf_version = m.text("caf_version");
  out.openssl_version = m.text("openssl_version");
  out.libsodium_version = m.text("libsodium_version");
  return out;
}

fanout_result read_result(const object_reader& x) {
  fanout_result r;
  r.scenario = x.text("scenario");

  auto p = x.object("params");
  r.procs = p.positive("procs");
  auto crypto = p.text("crypto");
  if (crypto != "on" && crypto != "off")
    p.fail("crypto", "\"on\" or \"off\"");
  r.crypto = crypto == "on";
  r.backend = p.text("backend");
  r.cipher = p.text("cipher");
  r.runs = p.count("runs");
  r.warmup = p.count("warmup");
  r.threads = p.positive("threads");
  r.policy = p.text("policy");
  r.spawn = p.has("spawn") ? p.text("spawn") : "main";
  r.context = p.has("context") ? p.text("context") : "per-actor";
  // Files from before the lean clock measured CAF's own.
  r.clock = p.has("clock") ? p.text("clock") : "caf";
  if (p.has("pin"))
    for (auto cpu : p.counts("pin"))
      r.pinned_cpus.push_back(static_cast<int>(cpu));

  r.samples_s = x.seconds("samples_s");
  auto phases = x.object("phases_s");
  r.spawn_s = phases.seconds("spawn_done");
  r.teardown_s = phases.seconds("teardown_done");
  // The reporters index every series by the samples' index.
  auto check_length = [&](const char* key, const std::vector<double>& series) {
    if (series.size() != r.samples_s.size())
      throw bad_field{phases.name(key) + " has " + std::to_string(series.size())
                      + " values but samples_s has " + std::to_string(r.samples_s.size())};
  };
  check_length("spawn_done", r.spawn_s);
  check_length("teardown_done", r.teardown_s);

  r.mismatches = x.count("mismatches");
  auto detail = x.object("mismatch_detail");
  r.wrong_plaintext = detail.count("wrong_plaintext");
  r.failed_decrypts = detail.count("failed_decrypts");
  r.duplicate_ids = detail.count("duplicate_ids");
  r.missing_ids = detail.count("missing_ids");

  if (x.has("memory")) {
    auto m = x.object("memory");
    // The first format had scalar idle_rss_bytes and peak_rss_bytes instead.
    const json* peak = m.find("peak_rss_bytes");
    if (m.has("start_rss_bytes") || (peak && peak->is_array())) {
      r.start_rss_bytes = m.counts("start_rss_bytes");
      r.peak_rss_bytes = m.counts("peak_rss_bytes");
      if (r.start_rss_bytes.size() != r.peak_rss_bytes.size()
          || r.peak_rss_bytes.size() > r.samples_s.size())
        throw bad_field{m.name("start_rss_bytes") + " and " + m.name("peak_rss_bytes")
                        + " do not have one value per run"};
    }
  }

  if (const json* nodes = x.find("nodes")) {
    if (!nodes->is_array())
      x.fail("nodes", "a list");
    for (std::size_t i = 0; i < nodes->size(); ++i) {
      object_reader n{(*nodes)[i], x.name("nodes") + "[" + std::to_string(i) + "]"};
      node_result out;
      out.name = n.text("name");
      out.senders = n.count("senders");
      for (auto c : n.counts("replies"))
        out.replies.push_back(c);
      out.replies_s = n.numbers("replies_in_s");
      out.teardown_s = n.numbers("teardown_done_s");
      if (out.replies.size() != r.samples_s.size() || out.replies_s.size() != r.samples_s.size()
          || out.teardown_s.size() != r.samples_s.size())
        throw bad_field{n.name("replies") + " and its times do not have one value per run"};
      r.nodes.push_back(std::move(out));
    }
  }

  auto payload = x.object("payload");
  r.payload.plaintext = payload.text("plaintext");
  r.payload.key = payload.hex("key_hex");
  r.payload.nonce = payload.hex("iv_hex");
  r.payload.ciphertext = payload.hex("ciphertext_hex");
  return r;
}

// "[json.exception.parse_error.101] parse error at ..." without the prefix,
// on one line.
std::string short_message(const char* what) {
  std::string s = what;
  if (!s.empty() && s.front() == '[') {
    auto end = s.find("] ");
    if (end != std::string::npos)
      s.erase(0, end + 2);
  }
  for (auto& c : s)
    if (c == '\n' || c == '\r')
      c = ' ';
  return s;
}

result<report> parse_document(std::string_view text, const std::string& name) {
  const std::string quoted = "'" + name + "'";
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
    return bad_input(quoted + " is empty, not an actorbench result file");

  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::exception& e) {
    return bad_input(quoted + " is not valid JSON: " + short_message(e.what()));
  }

  object_reader top{doc, ""};
  const json* tool = top.find("tool");
  const json* tool_name = tool ? object_reader{*tool, "tool"}.find("name") : nullptr;
  const json* results = top.find("results");
  if (!tool_name || *tool_name != "actorbench" || !results || !results->is_array())
    return bad_input(quoted + " is not an actorbench result file");
  // Other benchmarks of the tool (the cipher benchmark) write their own results.
  const json* benchmark = object_reader{*tool, "tool"}.find("benchmark");
  if (benchmark && benchmark->is_string() && *benchmark != "fanout")
    return bad_input(quoted + " holds " + short_message(benchmark->get<std::string>().c_str())
                     + " benchmark results, not fan-out results");
  if (results->empty())
    return bad_input(quoted + " holds no results");

  try {
    auto t = top.object("tool");
    report rep;
    rep.tool_version = t.text("version");
    rep.allocator = t.has("allocator") ? t.text("allocator") : "";
    rep.git_commit = t.has("git_commit") ? t.text("git_commit") : "unknown";
    rep.machine = read_machine(top.object("machine"));
    if (top.has("order")) {
      auto o = top.object("order");
      rep.order.shuffle = o.flag("shuffle");
      rep.order.seed = o.count("seed");
    }
    rep.reference = top.has("reference") ? top.count("reference") : 0;
    if (rep.reference >= results->size())
      throw bad_field{"reference is " + std::to_string(rep.reference) + " but there are only "
                      + std::to_string(results->size()) + " results"};
    rep.results.reserve(results->size());
    for (std::size_t i = 0; i < results->size(); ++i) {
      const json& x = (*results)[i];
      auto where = "results[" + std::to_string(i) + "]";
      if (!x.is_object())
        throw bad_field{where + " is not an object"};
      rep.results.push_back(read_result(object_reader{x, where}));
    }
    return rep;
  } catch (const bad_field& e) {
    return bad_input(quoted + ": " + short_message(e.message.c_str()));
  }
}

} // namespace

result<report> parse_report(std::string_view text, const std::string& name) {
  try {
    return parse_document(text, name);
  } catch (const std::bad_alloc&) {
    return bad_input("'" + name + "' is too large to read: out of memory");
  } catch (const std::exception& e) {
    return bad_input("'" + name + "' cannot be read: " + short_message(e.what()));
  }
}

// Saved results are a few kilobytes per configuration; the cap keeps an
// endless input (a device such as /dev/zero, a runaway pipe) from reading
// until memory runs out.
constexpr std::size_t max_report_bytes = std::size_t{256} << 20;

result<report> read_report(const std::string& path) {
  std::string text;
  try {
    errno = 0;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file{std::fopen(path.c_str(), "rb"),
                                                         &std::fclose};
    if (!file)
      return bad_input("cannot read '" + path + "': " + std::strerror(errno));
    char buffer[1 << 16];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, file.get())) > 0) {
      if (text.size() + n > max_report_bytes)
        return bad_input("'" + path + "' is larger than 256 MiB: not an actorbench result file");
      text.append(buffer, n);
    }
    if (std::ferror(file.get()))
      return bad_input("cannot read '" + path + "': " + std::strerror(errno));
  } catch (const std::bad_alloc&) {
    return bad_input("'" + path + "' is too large to read: out of memory");
  }
  return parse_report(text, path);
}

result<report> merge_reports(const std::vector<report>& reports) {
  if (reports.empty())
    return bad_input("no reports to merge");
  report out;
  out.tool_version = reports.front().tool_version;
  out.allocator = reports.front().allocator;
  out.git_commit = reports.front().git_commit;
  out.machine = reports.front().machine;
  out.order = reports.front().order;
  out.reference = 0;
  for (const auto& r : reports)
    out.results.insert(out.results.end(), r.results.begin(), r.results.end());
  return out;
}

} // namespace actorbench::bench
