#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace actorbench::actors {

/// Longest text from a peer that reaches a line on a terminal or a log.
inline constexpr std::size_t peer_text_limit = 200;

/// `text` as received from a peer (a node's failure text, an error it
/// rendered), made safe to print on one line: bytes outside printable ASCII
/// and the backslash become \xNN, and at most `limit` bytes of the input are
/// kept, "... (N bytes)" saying how long it was. A peer can then neither
/// forge lines nor send escape sequences to the terminal, nor flood it.
std::string peer_text(std::string_view text, std::size_t limit = peer_text_limit);

} // namespace actorbench::actors
