#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/fd_streambuf.hpp"
#include "bench/output/output_file.hpp"
#include "bench/output/output_path.hpp"
#include "svg_text.hpp"

using namespace actorbench::bench;
using namespace actorbench::test;

namespace {

void write_text(const std::string& path, const std::string& text) {
  std::ofstream{path, std::ios::binary} << text;
}

unsigned mode_of(const std::string& path) {
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st.st_mode & 07777;
}

// The names in `dir` other than . and ..
std::size_t entries(const std::string& dir) {
  std::size_t n = 0;
  DIR* d = ::opendir(dir.c_str());
  REQUIRE(d != nullptr);
  while (auto* e = ::readdir(d))
    n += std::string{e->d_name} != "." && std::string{e->d_name} != "..";
  ::closedir(d);
  return n;
}

} // namespace

TEST_CASE("output_file: the target changes only at commit, and a new file has the umask's mode") {
  temp_dir dir;
  auto path = dir.file("out.txt");
  auto old_mask = ::umask(027);
  auto file = output_file::open(path, "--output");
  ::umask(old_mask);
  REQUIRE(file);
  file->stream() << "new";
  CHECK(::access(path.c_str(), F_OK) != 0);
  CHECK(entries(dir.path) == 1); // the temporary file, beside the target
  REQUIRE(file->commit());
  CHECK(read_all(path) == "new");
  CHECK(mode_of(path) == 0640);
  CHECK(entries(dir.path) == 1);
}

TEST_CASE(
  "output_file: an uncommitted file leaves the previous one byte for byte, with no "
  "temporary file") {
  temp_dir dir;
  auto path = dir.file("out.txt");
  write_text(path, "previous");
  {
    auto file = output_file::open(path, "--output");
    REQUIRE(file);
    file->stream() << "half of the new";
  }
  CHECK(read_all(path) == "previous");
  CHECK(entries(dir.path) == 1);
}

TEST_CASE("output_file: a replaced file keeps its permissions; owner_only is 0600") {
  temp_dir dir;
  auto path = dir.file("out.txt");
  write_text(path, "previous");
  REQUIRE(::chmod(path.c_str(), 0604) == 0);
  REQUIRE(write_output_file(path, "--output", [](std::ostream& out) { out << "new"; }));
  CHECK(mode_of(path) == 0604);
  CHECK(read_all(path) == "new");
  auto keys = dir.file("keys.pem");
  auto old_mask = ::umask(0);
  auto ok = write_output_file(
    keys, "--dump-keys", [](std::ostream& out) { out << "k"; }, file_access::owner_only);
  ::umask(old_mask);
  REQUIRE(ok);
  CHECK(mode_of(keys) == 0600);
}

TEST_CASE("output_file: a symbolic link is followed: its file is replaced, the link kept") {
  temp_dir dir;
  auto target = dir.file("target.txt");
  auto link = dir.file("link.txt");
  write_text(target, "previous");
  REQUIRE(::symlink("target.txt", link.c_str()) == 0);
  REQUIRE(write_output_file(link, "--output", [](std::ostream& out) { out << "new"; }));
  struct stat st {};
  REQUIRE(::lstat(link.c_str(), &st) == 0);
  CHECK(S_ISLNK(st.st_mode));
  CHECK(read_all(target) == "new");
}

TEST_CASE("output_file: a device is written in place, and its error names the reason") {
  auto ok = write_output_file("/dev/full", "--output", [](std::ostream& out) { out << "x"; });
  REQUIRE(!ok);
  CHECK(ok.err().code == errc::runtime_failure);
  CHECK(ok.err().message == "cannot write --output '/dev/full': No space left on device");
  CHECK(write_output_file("/dev/null", "--output", [](std::ostream& out) { out << "x"; }));
}

TEST_CASE("output_file: a directory that cannot take the temporary file is named") {
  auto ok = output_file::open("/proc/actorbench-out.txt", "--plot");
  REQUIRE(!ok);
  CHECK(ok.err().message.rfind("cannot write --plot '/proc/actorbench-out.txt': cannot create a "
                               "temporary file in '/proc': ",
                               0)
        == 0);
}

TEST_CASE("fd_streambuf: the first failed write's errno is kept and later writes refused") {
  fd_streambuf buf{-1};
  std::ostream out{&buf};
  out << "text" << std::flush;
  CHECK(!out);
  CHECK(buf.error() == EBADF);
  CHECK(!buf.flush());
}

TEST_CASE("same_file: one file however it is named; refuse_same_file names both") {
  temp_dir dir;
  auto a = dir.file("a.json");
  auto link = dir.file("link.json");
  write_text(a, "{}");
  REQUIRE(::symlink("a.json", link.c_str()) == 0);
  CHECK(same_file(a, link));
  CHECK(same_file(a, dir.path + "/./a.json"));
  CHECK(!same_file(a, dir.path + "/b.json"));
  CHECK(same_file(dir.path + "/new.json", dir.path + "/../" + dir.path.substr(5) + "/new.json"));
  auto refused = refuse_same_file("--output", link, "the input", a);
  REQUIRE(!refused);
  CHECK(refused.err().code == errc::bad_input);
  CHECK(refused.err().message
        == "invalid --output '" + link + "': it is the same file as the input '" + a + "'");
  CHECK(refuse_same_file("--output", "", "the input", a));
}

TEST_CASE("check_output_path: a dangling link or a file as directory is refused before the work") {
  temp_dir dir;
  auto link = dir.file("dangling.json");
  REQUIRE(::symlink("missing/results.json", link.c_str()) == 0);
  auto dangling = check_output_path("--output", link);
  REQUIRE(!dangling);
  CHECK(dangling.err().code == errc::bad_input);
  CHECK(dangling.err().message
        == "invalid --output '" + link
             + "': it is a symbolic link to a missing file 'missing/results.json'");
  auto file = dir.file("file.json");
  write_text(file, "{}");
  auto under_file = check_output_path("--plot", file + "/plot.svg");
  REQUIRE(!under_file);
  CHECK(under_file.err().message == "invalid --plot '" + file + "/plot.svg': Not a directory");
  CHECK(check_output_path("--output", dir.path + "/new.json"));
  CHECK(check_output_path("--output", file));
}

TEST_CASE("output_file: a FIFO nobody reads fails at once instead of waiting for a reader") {
  temp_dir dir;
  auto fifo = dir.file("fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  auto ok = write_output_file(fifo, "--output", [](std::ostream& out) { out << "x"; });
  REQUIRE(!ok);
  CHECK(ok.err().message == "cannot write --output '" + fifo + "': No such device or address");
}
