#pragma once

#include "bench/harness/declaration.hpp"

namespace actorbench::bench::testing {

/// A declaration with a parameter of each type, for the command's tests.
inline declaration toy_declaration() {
  declaration d{"fanout", "One collector and N senders, each decrypting a message and replying"};
  d.integer("procs").range(1, 100'000'000).def("10000").unit("actors").help("Sender actors");
  d.word("crypto", {"off", "on"}).def("off").help("Decrypt in each sender");
  d.word("cipher", {"aes-128-ctr", "aes-256-gcm", "chacha20-ietf", "xchacha20"})
    .def("aes-128-ctr")
    .only_if("crypto", {"on"})
    .help("Cipher of the back-end");
  d.size("message-bytes").range(1, 1 << 30).def("64").alias("sizes").help("Plaintext bytes");
  d.duration("timeout").range(1'000'000, 3'600'000'000'000).def("60").fixed().help("Run limit");
  d.flag("lean").def("on").help("Lean clock");
  d.text("dump-keys").unit("file").help("Where keys go");
  d.integer("threads")
    .range(1, 1024)
    .unit("threads")
    .def_help("one per core")
    .group("scheduler")
    .help("Threads");
  d.metric("replies_s", "s").headline();
  d.check("wrong_plaintext", "replies that decrypted to another text");
  return d;
}

} // namespace actorbench::bench::testing
