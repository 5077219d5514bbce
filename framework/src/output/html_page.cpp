#include "output/html_page.hpp"

#include "output/html_text.hpp"

namespace actorbench::bench {

namespace {

// System fonts only: a page that must open anywhere loads nothing.
const char* const page_style = R"(
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 75em; padding: 0 1em;
       color: #202020; background: #ffffff; line-height: 1.4; }
h1 { font-size: 1.5em; margin-bottom: 0.3em; }
h2 { font-size: 1.2em; margin-top: 1.8em; border-bottom: 1px solid #d0d0d0; }
h3 { font-size: 1em; margin-bottom: 0.3em; }
p.verdict { font-size: 1.15em; padding: 0.6em 0.8em; background: #eef4fb;
            border-left: 4px solid #1f77b4; }
p.missing { color: #8a1c1c; background: #fbeeee; padding: 0.5em 0.8em; }
div.table { overflow-x: auto; margin: 1em 0; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #e4e4e4; white-space: nowrap; }
th { background: #f3f3f3; text-align: right; white-space: normal; vertical-align: bottom; }
td { text-align: right; }
th:first-child, td:first-child { text-align: left; }
tbody tr:hover { background: #fafafa; }
li.sub { margin-left: 1.5em; }
figure { margin: 1em 0; }
svg { max-width: 100%; height: auto; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dt { font-weight: 600; }
dd { margin: 0; }
code { font-family: ui-monospace, monospace; font-size: 0.95em; word-break: break-all; }
)";

} // namespace

std::string html_page_start(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
         "<title>" + html_text(title) + "</title>\n<style>" + page_style
         + "</style>\n</head>\n<body>\n";
}

std::string html_page_end() {
  return "</body>\n</html>\n";
}

} // namespace actorbench::bench
