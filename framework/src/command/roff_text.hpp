#pragma once

#include <string>

namespace actorbench::bench {

/// `text` as roff input: a backslash as \e, every '-' as \- (so options
/// copy as typed), a leading '.' or '\'' guarded by \&,
/// a line break as a space, and every non-ASCII code point as \[uXXXX]
/// (so the page needs no input encoding).
std::string roff_escape(const std::string& text);

/// `text` in bold (\fB...\fR), escaped.
std::string roff_bold(const std::string& text);

/// `text` in italics (\fI...\fR), escaped.
std::string roff_italic(const std::string& text);

} // namespace actorbench::bench
