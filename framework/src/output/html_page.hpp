#pragma once

#include <string>

namespace actorbench::bench {

/// The start of a self-contained HTML5 page up to and including <body>:
/// UTF-8, `title` (escaped), and the page's CSS inline in <style>. Nothing
/// refers outside the page: no scripts, stylesheets, fonts or images.
std::string html_page_start(const std::string& title);

/// The end of the page html_page_start began.
std::string html_page_end();

} // namespace actorbench::bench
