#pragma once

#include <string>
#include <string_view>

namespace actorbench::bench {

/// `text` as HTML character data or a quoted attribute value: & < > " '
/// as references, and what an HTML parser reports as an error (invalid
/// UTF-8, control characters other than tab and line feed, noncharacters)
/// as U+FFFD. Saved results are text from anywhere: a file name, a
/// parameter or a hostname must show as written, never as markup.
std::string html_text(std::string_view text);

} // namespace actorbench::bench
