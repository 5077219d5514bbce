#include <doctest/doctest.h>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <string>

#include "command/input_file.hpp"
#include "command/saved_results.hpp"
#include "svg_text.hpp"

using namespace actorbench::bench;
using namespace actorbench::test;

namespace {

std::string reason(const result<std::string>& r) {
  REQUIRE_FALSE(r);
  return r.err().message;
}

constexpr std::size_t one_mib = std::size_t{1} << 20;

} // namespace

TEST_CASE("read_input_file: a regular file is read whole") {
  temp_dir dir;
  auto path = dir.file("a.txt");
  std::ofstream{path} << "procs = 5\n";
  auto text = read_input_file(path, one_mib, "a settings file");
  REQUIRE(text);
  CHECK(*text == "procs = 5\n");
}

TEST_CASE("read_input_file: a FIFO nobody writes is refused at once, not waited on") {
  temp_dir dir;
  auto fifo = dir.file("fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // Opened for reading without O_NONBLOCK, this would wait for a writer
  // forever and the test would never end.
  auto r = read_input_file(fifo, one_mib, "a settings file");
  CHECK(reason(r) == "it is a FIFO (named pipe), not a regular file");
  CHECK(r.err().code == errc::bad_input);
}

TEST_CASE("read_input_file: sockets, devices and directories are refused with their kind") {
  temp_dir dir;
  auto path = dir.file("socket");
  int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(s >= 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
  REQUIRE(::bind(s, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  CHECK(reason(read_input_file(path, one_mib, "x")) == "it is a socket, not a regular file");
  ::close(s);
  CHECK(reason(read_input_file("/dev/zero", one_mib, "x")) == "it is a device, not a regular file");
  CHECK(reason(read_input_file("/dev/null", one_mib, "x")) == "it is a device, not a regular file");
  CHECK(reason(read_input_file(dir.path, one_mib, "x"))
        == "it is a directory, not readable as a file");
  CHECK(reason(read_input_file(dir.path + "/none", one_mib, "x")) == "No such file or directory");
}

TEST_CASE("read_input_file: beyond the limit it says the limit and what the file was to be") {
  temp_dir dir;
  auto path = dir.file("big");
  std::ofstream{path} << std::string(one_mib + 1, 'x');
  auto r = read_input_file(path, one_mib, "a settings file");
  CHECK(reason(r) == "it is larger than 1 MiB: not a settings file");
  CHECK(r.err().code == errc::bad_input);
  // /proc files say size 0: the limit holds while reading too.
  auto proc = read_input_file("/proc/self/maps", 16, "a settings file");
  CHECK(reason(proc) == "it is larger than 16 bytes: not a settings file");
}

TEST_CASE("read_results_file: a FIFO or device names the file and exits 2") {
  temp_dir dir;
  auto fifo = dir.file("r.json");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  auto r = read_results_file(fifo);
  REQUIRE_FALSE(r);
  CHECK(r.err().code == errc::bad_input);
  CHECK(r.err().message == "cannot read '" + fifo + "': it is a FIFO (named pipe), not a regular file");
  auto zero = read_results_file("/dev/zero");
  REQUIRE_FALSE(zero);
  CHECK(zero.err().message == "cannot read '/dev/zero': it is a device, not a regular file");
}
